// cu32_grid.vh — the dispatch's grid, included in a dispatcher's module body after
// cu32_dispatch.vh (the descriptor's bit positions D_*) and the localparams IMEM_BITS
// (instruction memory word address bits) and LDS_BYTES: its checks, the work-groups in
// order (x fastest, then y, z), the work-items of a wave, and a wave's initial SGPRs, as
// the golden model's `init_wave` (sim/src/model/workgroup.rs) has them.
    localparam [31:0] GRID_CODE_MAX = 32'd4 << IMEM_BITS;
    localparam [31:0] GRID_LDS_MAX = LDS_BYTES;
    // Work-group ids, and the work-items left per dimension from the work-group's first.
    reg  [31:0] gx, gy, gz, rx, ry, rz;
    // The work-group's size; the next work-item's ids; whether none is left; whether the
    // work-group has more than one wave (so far).
    reg  [10:0] sx, sy, sz;
    reg  [9:0]  ix, iy, iz;
    reg         fin, multi;
    // The wave being set up: the lane whose v0 is written next, and its EXEC.
    reg  [4:0]  lane;
    reg  [31:0] exec_r;
    // The last work-group has been set up.
    reg         last;

    // Descriptor fields (bit positions from cu32_isa::code_object::descriptor).
    wire        p_wave32 = properties[D_P_WAVE32];
    wire        p_kernarg = properties[D_P_KERNARG];
    wire [4:0]  kernarg_at = {2'd0, properties[D_P_PRIVATE_BUFFER], 2'd0}
                           + {3'd0, properties[D_P_DISPATCH], 1'b0}
                           + {3'd0, properties[D_P_QUEUE], 1'b0};
    wire [4:0]  user_count = rsrc2[D_R2_USER_COUNT_LO +: 5];
    wire        en_x = rsrc2[D_R2_WG_X];
    wire        en_y = rsrc2[D_R2_WG_Y];
    wire        en_z = rsrc2[D_R2_WG_Z];
    wire [1:0]  id_dims = rsrc2[D_R2_VGPR_ID_LO +: 2];
    wire [5:0]  wg_x_at = {1'b0, user_count};
    wire [5:0]  wg_y_at = wg_x_at + {5'd0, en_x};
    wire [5:0]  wg_z_at = wg_y_at + {5'd0, en_y};

    wire [31:0] grid_x = grid[31:0], grid_y = grid[63:32], grid_z = grid[95:64];
    wire [31:0] block_x = block[31:0], block_y = block[63:32], block_z = block[95:64];
    // Work-items left after this work-group, per dimension (negative: a partial one).
    wire [32:0] dx = {1'b0, rx} - {1'b0, block_x};
    wire [32:0] dy = {1'b0, ry} - {1'b0, block_y};
    wire [32:0] dz = {1'b0, rz} - {1'b0, block_z};
    wire        more_x = !dx[32] && dx[31:0] != 32'd0;
    wire        more_y = !dy[32] && dy[31:0] != 32'd0;
    wire        more_z = !dz[32] && dz[31:0] != 32'd0;
    wire        bad_code = entry[63:32] != 32'd0 || entry[1:0] != 2'd0 || code_bytes == 32'd0
                         || code_bytes > GRID_CODE_MAX
                         || code_bytes - 32'd1 > ~entry[31:0];
    wire        bad_size = grid_x == 32'd0 || grid_y == 32'd0 || grid_z == 32'd0
                         || block_x == 32'd0 || block_y == 32'd0 || block_z == 32'd0
                         || block_x > 32'd1024 || block_y > 32'd1024 || block_z > 32'd1024;
    wire        bad_desc = !p_wave32 || rsrc2[D_R2_PRIVATE] || rsrc2[D_R2_WG_INFO]
                         || properties[D_PRELOAD_LO +: D_PRELOAD_WIDTH] != {D_PRELOAD_WIDTH{1'b0}};
    wire        bad_lds = lds_bytes > GRID_LDS_MAX;

    // The next work-item's ids in v0's packing, and the ids after it.
    wire [9:0]  v0_y = (id_dims != 2'd0) ? iy : 10'd0;
    wire [9:0]  v0_z = (id_dims[1]) ? iz : 10'd0;
    wire        wrap_x = {1'b0, ix} + 11'd1 == sx;
    wire        wrap_y = {1'b0, iy} + 11'd1 == sy;
    wire        wrap_z = {1'b0, iz} + 11'd1 == sz;
    wire        fin_next = fin || (wrap_x && wrap_y && wrap_z);
    wire [31:0] lane_v0 = fin ? 32'd0 : {2'd0, v0_z, v0_y, ix};
    // A wave's MODE from COMPUTE_PGM_RSRC1 (round and denormal modes, DX10_CLAMP, IEEE).
    wire [31:0] grid_mode = {22'd0, rsrc1[D_R1_IEEE], rsrc1[D_R1_DX10],
                             rsrc1[D_R1_FP_LO +: 8]};

    // SGPR `idx`'s initial value in the work-group's waves (below s106; EXEC_LO aside): the
    // kernarg pointer at its user SGPR pair (after the private segment buffer, dispatch and
    // queue pointers when KERNEL_CODE_PROPERTIES enables them), the enabled work-group ids
    // from s[USER_SGPR_COUNT]; 0 for the others.
    function automatic [31:0] grid_sgpr(input [6:0] idx);
        begin
            grid_sgpr = 32'd0;
            if (p_kernarg && idx == {2'd0, kernarg_at}) grid_sgpr = kernarg[31:0];
            if (p_kernarg && idx == {2'd0, kernarg_at} + 7'd1) grid_sgpr = kernarg[63:32];
            if (en_x && idx == {1'b0, wg_x_at}) grid_sgpr = gx;
            if (en_y && idx == {1'b0, wg_y_at}) grid_sgpr = gy;
            if (en_z && idx == {1'b0, wg_z_at}) grid_sgpr = gz;
        end
    endfunction

    // A dispatch's first work-group.
    task automatic grid_begin;
        begin
            last <= 1'b0;
            {gx, gy, gz} <= {3{32'd0}};
            {rz, ry, rx} <= grid;
        end
    endtask
    // The work-group's set-up: its size (a partial one at the grid's end: grid % block
    // work-items in that dimension), its first work-item.
    task automatic group_begin;
        begin
            sx <= dx[32] ? rx[10:0] : block_x[10:0];
            sy <= dy[32] ? ry[10:0] : block_y[10:0];
            sz <= dz[32] ? rz[10:0] : block_z[10:0];
            {ix, iy, iz} <= 30'd0;
            fin <= 1'b0;
            multi <= 1'b0;
        end
    endtask
    // A lane of the wave being set up: EXEC's bit, the next work-item.
    task automatic lane_step;
        begin
            exec_r[lane] <= !fin;
            if (!fin) begin
                ix <= wrap_x ? 10'd0 : ix + 10'd1;
                if (wrap_x) iy <= wrap_y ? 10'd0 : iy + 10'd1;
                if (wrap_x && wrap_y) iz <= iz + 10'd1;
            end
            fin <= fin_next;
            lane <= lane + 5'd1;
            if (lane == 5'd31) multi <= multi || !fin_next;
        end
    endtask
    // The next work-group's ids, or `last` after the grid's last one.
    task automatic group_next;
        begin
            if (more_x) begin
                gx <= gx + 32'd1;
                rx <= dx[31:0];
            end else begin
                gx <= 32'd0;
                rx <= grid_x;
                if (more_y) begin
                    gy <= gy + 32'd1;
                    ry <= dy[31:0];
                end else begin
                    gy <= 32'd0;
                    ry <= grid_y;
                    if (more_z) begin
                        gz <= gz + 32'd1;
                        rz <= dz[31:0];
                    end else begin
                        last <= 1'b1;
                    end
                end
            end
        end
    endtask
