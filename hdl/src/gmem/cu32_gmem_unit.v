// cu32_gmem_unit: GLOBAL (and FLAT) loads, stores and integer atomics on a Wishbone B4
// pipelined bus, one pass of LANES lanes at a time, each lane exactly as the golden model
// (sim/src/model/vmem.rs) runs it.
//
// A pass in (valid/ready; taken in a cycle in_valid and in_ready are both high): the
// control fields of the GLOBAL row as hdl/src/vector.rs `DsCtrl` codes them (in_kind
// DS_LOAD 1 / DS_STORE 2 / DS_ATOMIC 4, in_size in bytes 1, 2, 4, 8, 12, 16, in_sext,
// in_half (d16 loads: 1 low, 2 high), in_data_hi (d16_hi stores: the bytes from bit 16
// of DATA), in_aop = index into DS_ATOMIC_OPS); EXEC's bits of the pass (in_mask); per
// lane l its byte address in_addr[32 l +: 32] (the caller has added SADDR or the VGPR
// pair and the offset in 64 bits) and in_bad[l] (that 64-bit address, or the last byte
// of the access, is at or above 2^32), DATA's dwords in_data0[128 l +: 128] and
// cmpswap's compare value in_data1[64 l +: 64]. The unit reads the in_* fields lane by
// lane: they must stay as they are until in_ready, which rises with in_valid in the cycle
// the pass's last lane goes in. Rows taken: the loads (u8, i8, u16, i16, b32, b64, b96,
// b128, the d16 forms), the stores (b8, b16, b32, b64, b96, b128, d16_hi_b8, d16_hi_b16)
// and the integer atomics add, sub, inc, dec, min/max (signed and unsigned), and, or,
// xor, swap, cmpswap, 32 and 64 bits; not addtid, the LDS-DMA loads, the float atomics.
// (in_aop's DS-only codes rsub, mskor and wrap come with no GLOBAL row; the shared ALU
// would compute them as the DS ops, in_data1 as their DATA1.)
//
// What a lane gets (VDST..): a load's element, narrow ones zero- or sign-extended to 32
// bits, a d16 load's 16 bits in its half with the other half 0 (the caller's VGPR write
// keeps the register's other half); an atomic's pre-op value (1 or 2 dwords).
//
// A pass out, in beats (valid/ready; a beat taken in a cycle out_valid and out_ready are
// both high), passes in the order taken: beat out_k = 0, 1, .. carries VDST dword out_k
// of every lane (lane l at out_data[32 l +: 32]; lanes outside out_mask, or whose access
// failed, hold anything), out_mask the pass's EXEC, out_last its last beat, out_err (on
// every beat of the pass) that an active lane of the pass was bad (in_bad) or had an ERR
// on the bus. Beats per pass (`beats_m1` below, the one definition; hdl/src/gmem/cases.rs
// `beats` mirrors it): a store 1 (its data meaningless), a load the element's dwords (up
// to 4 bytes 1, b64 2, b96 3, b128 4), an atomic 1 or 2 (the pre-op value).
//
// Lanes in order, each lane's bus dwords in order, every access in the order of the
// passes: a lane's access sees every earlier lane's store or atomic, as the model's lane
// order says (the bus slave answers in order and reads or writes a dword when it takes
// the request). A lane out of EXEC makes no access; a bad lane makes no access and sets
// out_err. A lane's access of any alignment touches the consecutive bus dwords from
// addr >> 2 to (addr + size - 1) >> 2 (1 to 5): a load reads them (SEL 1111), a store
// writes its bytes into them under SEL, an atomic reads them, and when none got ERR
// computes the new value and writes it under SEL before any later access is issued (the
// lanes of atomics are so serialised; one with an ERR writes nothing). An ERR sets
// out_err of its pass; the pass still completes (its other lanes run) and the unit stays
// usable. The wave is stopped by the caller at such an instruction.
//
// Engine:
//   lane select  in_*[lane_r] (lane_r counts the lanes of the pass) into the lane
//                registers L (address, DATA, compare value, control; a d16_hi store's
//                data turned down 16 bits; the lane's last bus dword), when L is free or
//                its lane finishes.
//   issue        from L, bus dword j = 0 .. of the lane: address, SEL, the data funnel
//                (DATA dwords j - 1 and j turned by addr mod 4) into the request
//                registers (wb_stb, wb_adr, wb_we, wb_sel, wb_dat_o: the bus outputs) and
//                its tag; a request a cycle while the slave does not stall (wb_cyc high
//                while a request is on the bus or answers are due). An atomic's
//                lane reads, waits for the ALU, then writes (its new value replacing
//                DATA in L).
//   tags         a request's tag (lane, slot, j, alignment, extension) goes into a
//                16-entry FIFO (distributed RAM) when the slave takes it; at most 15
//                requests outstanding.
//   A0           an answer (ACK or ERR), its data and its tag registered; ERR marks its
//                pass's slot (and the atomic's lane).
//   A1           the lane's result dword (the answer's dword with the previous one,
//                turned by addr mod 4) registered; then extended and written into the
//                lane's result RAM.
//   X1 .. X3     the atomic ALU (cu32_atomic_alu, hdl/src/lds/cu32_atomic_alu.v, shared
//                with the LDS unit; 3 stages) on the pre-op value t, DATA d and the
//                compare value e: X1 the compares (t < d, signed, t == e, t == 0), X2
//                the operation's choice of adder operands, X3 A + B + carry: the new value.
// Results: per lane a block RAM of 16 dwords, slot s's VDST dword k at {s, k}; four
// slots. A pass takes a slot with its first lane (none free: it waits) and frees it with
// its last beat; a pass is out when its last lane is issued and every answer of it
// written two cycles before (per slot a count of requests issued, not yet written): the
// RAMs are read every cycle at the next beat's place into their read registers, and
// those registered again (out_data), so beats go out at least two cycles apart and no
// read meets a write of its place.
// Timing: at least a cycle per lane (an inactive or bad lane: one cycle), else a cycle
// per bus dword while the slave takes them and fewer than 15 are outstanding; a pass's
// first beat is valid 5 cycles after the cycle its last answer (ACK/ERR) comes. An
// aligned b32 load pass with in_valid held and an idle unit, the slave answering a
// request in the cycle after taking it and never stalling: first beat LANES + 7 cycles
// after in_valid rose (15 at 8 lanes), passes LANES cycles apart. An atomic lane's
// writes go out 8 cycles after its last read's answer, and the next lane's first request
// in the cycle after its last write's.
`default_nettype none

module cu32_gmem_unit #(
    parameter integer LANES = 8     // 2..32, a power of two
) (
    input  wire                 clk,
    input  wire                 rst,
    // A pass in.
    input  wire                 in_valid,
    output wire                 in_ready,
    input  wire [2:0]           in_kind,
    input  wire [4:0]           in_size,
    input  wire                 in_sext,
    input  wire [1:0]           in_half,
    input  wire                 in_data_hi,
    input  wire [3:0]           in_aop,
    input  wire [LANES-1:0]     in_mask,
    input  wire [LANES-1:0]     in_bad,
    input  wire [32*LANES-1:0]  in_addr,
    input  wire [128*LANES-1:0] in_data0,
    input  wire [64*LANES-1:0]  in_data1,
    // A pass out, a beat at a time.
    output wire                 out_valid,
    input  wire                 out_ready,
    output wire [1:0]           out_k,
    output wire                 out_last,
    output wire [LANES-1:0]     out_mask,
    output wire [32*LANES-1:0]  out_data,
    output wire                 out_err,
    // Wishbone B4 pipelined master (32-bit, word addresses).
    output reg                  wb_cyc,
    output reg                  wb_stb,
    output reg                  wb_we,
    output reg  [29:0]          wb_adr,
    output reg  [31:0]          wb_dat_o,
    output reg  [3:0]           wb_sel,
    input  wire                 wb_stall,
    input  wire                 wb_ack,
    input  wire                 wb_err,
    input  wire [31:0]          wb_dat_i
);
    localparam integer LL = $clog2(LANES);
    localparam integer SB = 2;                  // result slot bits (4 slots)
    localparam integer QB = 4;                  // tag FIFO address bits (16 entries)
    localparam integer TW = 16 + LL;            // tag bits
    localparam [QB:0] QMAX = (1 << QB) - 1;     // requests outstanding at most

    localparam [2:0] K_LOAD = 3'd1, K_STORE = 3'd2, K_ATOMIC = 3'd4;
    localparam [1:0] PH_RD = 2'd0, PH_WR = 2'd1, PH_WAIT = 2'd2;
    localparam [1:0] H_LO = 2'd1, H_HI = 2'd2;

    // ---- Slots: the pass stepping in (tail) and the pass going out (head).
    reg [SB:0] tail, head;
    wire full = tail[SB] != head[SB] && tail[SB-1:0] == head[SB-1:0];
    wire [SB-1:0] ts = tail[SB-1:0];
    wire [SB-1:0] hs = head[SB-1:0];
    // Beats of a pass, less 1: a store 1; else the element's dwords (at least 1).
    wire [1:0] beats_m1 = in_kind == K_STORE || in_size[4:2] == 3'd0 ? 2'd0
                        : in_size[3:2] - 2'd1;

    // ---- Lane select: lane lane_r of the pass into L.
    reg [LL-1:0] lane_r;
    reg lane0;                              // lane_r == 0
    wire l_free;
    wire take = in_valid && l_free && !(lane0 && full);
    assign in_ready = take && &lane_r;
    wire [31:0] m_addr = in_addr[32*lane_r +: 32];
    wire [127:0] m_d = in_data0[128*lane_r +: 128];
    wire [63:0] m_e = in_data1[64*lane_r +: 64];
    wire m_act = in_mask[lane_r];
    wire m_bad = in_bad[lane_r];

    // The lane's last byte from addr & ~3, and whether a result dword takes bytes from two
    // bus dwords (a narrow one: only if it straddles), worked out as the lane goes in.
    // (addr mod 4 + size - 1 as size - 1 and a carry: logic after the lane choice, no
    // carry chain)
    wire [1:0] m_off = m_addr[1:0];
    wire [3:0] sm1 = in_size[3:0] - 4'd1;  // (size 16: 15)
    wire m_c = (m_off[1] && sm1[1]) || ((m_off[1] || sm1[1]) && m_off[0] && sm1[0]);
    wire [4:0] m_endb = {sm1[3] && sm1[2] && m_c, sm1[3] ^ (sm1[2] && m_c),
                         sm1[2] ^ m_c, m_off[1] ^ sm1[1] ^ (m_off[0] && sm1[0]),
                         m_off[0] ^ sm1[0]};
    wire m_spill = in_size[4:2] != 3'd0 ? m_off != 2'd0 : in_size[1] && m_off == 2'd3;

    reg l_v, l_act, l_last, l_at, l_sext, l_spill;
    reg l_jlast;                            // l_j is the lane's last bus dword
    reg [1:0] l_ph, l_half, l_lg;
    reg [2:0] l_j;
    reg [4:0] l_endb;
    reg l_64;                               // a 64-bit atomic
    reg [3:0] l_aop;
    reg [LL-1:0] l_lane;
    reg [SB-1:0] l_slot;
    reg [31:0] l_addr;
    reg [127:0] l_d;
    reg [63:0] l_e;

    // ---- Issue: bus dword l_j of L's lane.
    wire [1:0] off = l_addr[1:0];
    wire jlast = l_jlast;
    wire spill = l_spill;
    reg [QB:0] ocnt;                        // requests taken by the slave, not answered
    reg room;                               // ocnt < QMAX - 1
    wire r_room = (!wb_stb || !wb_stall) && room;
    wire q_req = l_v && l_act && l_ph != PH_WAIT;
    wire issue = q_req && r_room;
    wire alu_done;
    reg aerr;                               // the atomic lane's reads had an ERR
    wire l_done = l_v && (!l_act || (issue && jlast && !(l_at && l_ph == PH_RD))
                          || (l_ph == PH_WAIT && alu_done && aerr));
    assign l_free = !l_v || l_done;
    wire [63:0] x_new;                      // (X3) the atomic's new value

    always @(posedge clk) begin
        if (rst) begin
            lane_r <= {LL{1'b0}};
            lane0 <= 1'b1;
            l_v <= 1'b0;
        end else begin
            if (take) lane_r <= lane_r + 1'b1;
            if (take) lane0 <= &lane_r;
            if (take) l_v <= 1'b1;
            else if (l_done) l_v <= 1'b0;
        end
        if (take) begin
            l_act <= m_act && !m_bad;
            l_last <= &lane_r;
            l_at <= in_kind == K_ATOMIC;
            l_sext <= in_sext;
            l_ph <= in_kind == K_STORE ? PH_WR : PH_RD;
            l_half <= in_kind == K_LOAD ? in_half : 2'd0;
            l_lg <= in_size[4:2] != 3'd0 ? 2'd2 : {1'b0, in_size[1]};
            l_j <= 3'd0;
            l_jlast <= sm1[3:2] == 2'd0 && !m_c;
            l_spill <= m_spill;
            l_endb <= m_endb;
            l_64 <= in_size[3];
            l_aop <= in_aop;
            l_lane <= lane_r;
            l_slot <= ts;
            l_addr <= m_addr;
            l_d <= {m_d[127:32], in_data_hi ? {16'd0, m_d[31:16]} : m_d[31:0]};
            l_e <= m_e;
        end else if (l_ph == PH_WAIT) begin
            if (alu_done) begin
                l_ph <= PH_WR;
                l_j <= 3'd0;
                l_jlast <= l_endb[4:2] == 3'd0;
                l_d[63:0] <= x_new;
            end
        end else if (issue) begin
            l_j <= l_j + 3'd1;
            l_jlast <= l_j + 3'd1 == l_endb[4:2];
            if (jlast && l_at && l_ph == PH_RD) l_ph <= PH_WAIT;
        end
    end

    // The request: its SEL (a write: the access's bytes), its data (DATA dwords j - 1
    // and j turned up by addr mod 4), its tag.
    wire q_we = l_ph == PH_WR;
    reg [3:0] q_sel;
    integer bi;
    always @(*)
        for (bi = 0; bi < 4; bi = bi + 1)
            q_sel[bi] = !q_we || ({l_j, bi[1:0]} >= {3'd0, off} && {l_j, bi[1:0]} <= l_endb);
    wire [1:0] jm1 = l_j[1:0] - 2'd1;
    wire [31:0] q_cur = l_d[32*l_j[1:0] +: 32];
    wire [23:0] q_prv = l_d[32*jm1 + 8 +: 24];
    reg [31:0] q_dat;
    always @(*)
        case (off)
            2'd0: q_dat = q_cur;
            2'd1: q_dat = {q_cur[23:0], q_prv[23:16]};
            2'd2: q_dat = {q_cur[15:0], q_prv[23:8]};
            default: q_dat = {q_cur[7:0], q_prv};
        endcase
    // {we, atomic, atomic's last read, lane, slot, j, spill, off, lg, sext, half}
    wire [TW-1:0] q_tag = {q_we, l_at, l_at && !q_we && jlast, l_lane, l_slot, l_j, spill,
                           off, l_lg, l_sext, l_half};

    // ---- The request registers (the bus outputs) and the tag FIFO.
    reg [TW-1:0] r_tag;
    reg [TW-1:0] tagq [0:(1<<QB)-1];
    reg [QB-1:0] wptr, rptr;
    wire accept = wb_stb && !wb_stall;
    wire answer = wb_ack || wb_err;
    wire stb_n = (!wb_stb || !wb_stall) ? issue : wb_stb;
    wire [QB:0] ocnt_n = ocnt + {{QB{1'b0}}, accept} - {{QB{1'b0}}, answer};
    always @(posedge clk) begin
        if (rst) begin
            wb_cyc <= 1'b0;
            wb_stb <= 1'b0;
            ocnt <= {(QB+1){1'b0}};
            room <= 1'b1;
            wptr <= {QB{1'b0}};
            rptr <= {QB{1'b0}};
        end else begin
            wb_cyc <= stb_n || ocnt_n != {(QB+1){1'b0}};
            wb_stb <= stb_n;
            ocnt <= ocnt_n;
            room <= ocnt_n < QMAX - 1'b1;
            if (accept) wptr <= wptr + 1'b1;
            if (answer) rptr <= rptr + 1'b1;
        end
        if (issue) begin
            wb_we <= q_we;
            wb_adr <= l_addr[31:2] + {27'd0, l_j};
            wb_sel <= q_sel;
            wb_dat_o <= q_dat;
            r_tag <= q_tag;
        end
        if (accept) tagq[wptr] <= r_tag;
    end

    // ---- A0: the answer and its tag.
    reg a0_v, a0_err;
    reg [31:0] a0_dat;
    reg [TW-1:0] a0_tag;
    always @(posedge clk) begin
        if (rst) a0_v <= 1'b0;
        else a0_v <= answer;
        a0_err <= wb_err;
        a0_dat <= wb_dat_i;
        a0_tag <= tagq[rptr];
    end
    wire a0_we, a0_at, a0_alast, a0_spill, a0_sext;
    wire [LL-1:0] a0_lane;
    wire [SB-1:0] a0_slot;
    wire [2:0] a0_j;
    wire [1:0] a0_off, a0_lg, a0_half;
    assign {a0_we, a0_at, a0_alast, a0_lane, a0_slot, a0_j, a0_spill, a0_off, a0_lg,
            a0_sext, a0_half} = a0_tag;

    // ---- A1: the lane's result dword: bytes off.. of {this dword, the previous one}.
    reg [31:0] prev;
    wire [55:0] a0_x = a0_spill ? {a0_dat[23:0], prev} : {24'd0, a0_dat};
    reg [31:0] a0_res;
    always @(*)
        case (a0_off)
            2'd0: a0_res = a0_x[31:0];
            2'd1: a0_res = a0_x[39:8];
            2'd2: a0_res = a0_x[47:16];
            default: a0_res = a0_x[55:24];
        endcase
    wire [1:0] a0_r = a0_j[1:0] - {1'b0, a0_spill};
    reg a1_v, a1_wr, a1_at, a1_alast, a1_sext;
    reg [1:0] a1_lg, a1_half, a1_r;
    reg [LL-1:0] a1_lane;
    reg [SB-1:0] a1_slot;
    reg [31:0] a1_res;
    always @(posedge clk) begin
        if (rst) a1_v <= 1'b0;
        else a1_v <= a0_v;
        if (a0_v) prev <= a0_dat;
        a1_wr <= a0_v && !a0_we && !(a0_spill && a0_j == 3'd0);
        a1_at <= a0_at;
        a1_alast <= a0_v && a0_alast;
        a1_sext <= a0_sext;
        a1_lg <= a0_lg;
        a1_half <= a0_half;
        a1_r <= a0_r;
        a1_lane <= a0_lane;
        a1_slot <= a0_slot;
        a1_res <= a0_res;
    end
    // Extension of narrow loads, d16 halves.
    wire [31:0] a1_ext = a1_lg == 2'd0 ? {{24{a1_sext && a1_res[7]}}, a1_res[7:0]}
                       : a1_lg == 2'd1 ? {{16{a1_sext && a1_res[15]}}, a1_res[15:0]}
                       : a1_res;
    wire [31:0] a1_val = a1_half == H_LO ? {16'd0, a1_ext[15:0]}
                       : a1_half == H_HI ? {a1_ext[15:0], 16'd0} : a1_ext;

    // ---- The atomic ALU. t: the pre-op value (a 32-bit one zero-extended).
    reg [63:0] t_r;
    reg x0_v;
    always @(posedge clk) begin
        if (rst) x0_v <= 1'b0;
        else x0_v <= a1_alast;
        if (a1_wr && a1_at) begin
            if (a1_r[0]) t_r[63:32] <= a1_res;
            else t_r <= {32'd0, a1_res};
        end
    end
    // X1 .. X3: the ALU (hdl/src/lds/cu32_atomic_alu.v, 3 stages) on t and DATA d and
    // the compare value e from L (held there while it works): x_new in X3's register.
    cu32_atomic_alu alu (
        .clk(clk),
        .t(t_r),
        .d(l_d[63:0]),
        .e(l_e),
        .aop(l_aop),
        .w64(l_64),
        .atomic(1'b1),
        .nv(x_new)
    );
    reg x1_v, x2_v, x3_v;
    always @(posedge clk) begin
        if (rst) {x1_v, x2_v, x3_v} <= 3'd0;
        else {x1_v, x2_v, x3_v} <= {x0_v, x1_v, x2_v};
    end
    assign alu_done = x3_v;

    // ---- Slots: per slot {beats - 1, EXEC}, whether its last lane is issued (ended),
    // an error, the requests issued and not yet written.
    reg [LANES+1:0] pinfo [0:(1<<SB)-1];
    reg [(1<<SB)-1:0] ended, errs;
    reg [5:0] cnt [0:(1<<SB)-1];
    reg [(1<<SB)-1:0] czero;                // cnt[s] == 0
    reg [(1<<SB)-1:0] cdone, cdone2;        // czero a cycle later (the writes are in), two
    reg took;                               // a beat went out last cycle
    reg [1:0] k_r;
    wire [1:0] o_bm1;
    assign {o_bm1, out_mask} = pinfo[hs];
    assign out_valid = ended[hs] && czero[hs] && cdone[hs] && cdone2[hs] && !took;
    assign out_k = k_r;
    assign out_last = k_r == o_bm1;
    assign out_err = errs[hs];
    wire beat = out_valid && out_ready;
    wire freed = beat && out_last;
    always @(posedge clk)
        if (in_ready) pinfo[ts] <= {beats_m1, in_mask};
    integer si;
    reg [5:0] cnt_n [0:(1<<SB)-1];
    always @(*)
        for (si = 0; si < (1 << SB); si = si + 1)
            cnt_n[si] = cnt[si] + {5'd0, issue && l_slot == si[SB-1:0]}
                      - {5'd0, a1_v && a1_slot == si[SB-1:0]};
    always @(posedge clk) begin
        if (rst) begin
            k_r <= 2'd0;
            head <= {(SB+1){1'b0}};
            tail <= {(SB+1){1'b0}};
            ended <= {(1<<SB){1'b0}};
            errs <= {(1<<SB){1'b0}};
            aerr <= 1'b0;
            for (si = 0; si < (1 << SB); si = si + 1) cnt[si] <= 6'd0;
            czero <= {(1<<SB){1'b1}};
            cdone <= {(1<<SB){1'b1}};
            cdone2 <= {(1<<SB){1'b1}};
            took <= 1'b0;
        end else begin
            if (beat) k_r <= out_last ? 2'd0 : k_r + 2'd1;
            took <= beat;
            if (freed) head <= head + 1'b1;
            if (in_ready) tail <= tail + 1'b1;
            for (si = 0; si < (1 << SB); si = si + 1) begin
                if (freed && hs == si[SB-1:0]) ended[si] <= 1'b0;
                else if (l_done && l_last && l_slot == si[SB-1:0]) ended[si] <= 1'b1;
                if (take && lane0 && ts == si[SB-1:0]) errs[si] <= m_act && m_bad;
                else if ((take && m_act && m_bad && ts == si[SB-1:0])
                         || (a0_v && a0_err && a0_slot == si[SB-1:0]))
                    errs[si] <= 1'b1;
                cnt[si] <= cnt_n[si];
                czero[si] <= cnt_n[si] == 6'd0;
                cdone[si] <= czero[si];
                cdone2[si] <= cdone[si];
            end
            if (a0_v && a0_err && a0_at && !a0_we) aerr <= 1'b1;
            else if (take) aerr <= 1'b0;
        end
    end

    // ---- Results: per lane a RAM of 4 slots x 4 dwords, read at the next beat's place.
    wire [SB-1:0] n_hs = hs + {{(SB-1){1'b0}}, freed};
    wire [1:0] n_k = beat ? (out_last ? 2'd0 : k_r + 2'd1) : k_r;
    genvar l;
    generate
        for (l = 0; l < LANES; l = l + 1) begin : res
            localparam [LL-1:0] LI = l;
            (* ram_style = "block", no_rw_check *) reg [31:0] rm [0:(4<<SB)-1];
            reg [31:0] rm_q, d_q;
            always @(posedge clk) begin
                if (a1_v && a1_wr && a1_lane == LI) rm[{a1_slot, a1_r}] <= a1_val;
                rm_q <= rm[{n_hs, n_k}];
                d_q <= rm_q;
            end
            assign out_data[32*l +: 32] = d_q;
        end
    endgenerate
endmodule

`default_nettype wire
