    // The VGPR check of a VALU-unit instruction against a memory instruction of its wave
    // (templates/vgpr_check.vh, shared by both cores). The memory instruction reads ADDR
    // (SRC0, taken as a pair), DATA0 (SRC1, `ndata` dwords) and DATA1 (SRC2, `n2` dwords:
    // `ndata` with `data1` or a 2addr form, else 0), and writes VDST (`ndst` dwords; a d16
    // load reads it too). The VALU one's VGPR sources (S0, or a DPP's in word 1; S1; S2; a
    // VOPD's SRC0Y and SRC1Y; a lane move's ADDR and DATA0) and destinations (VDST; a
    // VOPD's VDSTY) span one VGPR, or two for a 64-bit operand (`k`, from the vector
    // decode). It waits when it reads or writes a VGPR the memory one writes (RAW, WAW),
    // or writes one it reads (WAR).
    // [r, r + k) meets [m, m + n) (k <= 2, n <= 4: the decode tables hold no wider
    // range): r = m + t for a t in [1 - k, n - 1], modulo 256 (so a range that wraps past
    // v255 only adds a wait). Equalities, not subtractions: `mn` holds m - 1, m + 1, m + 2
    // and m + 3 (`near`, registered with the memory instruction), so that no carry chain
    // lies between the registers and the wait.
    function automatic meets(input [7:0] r, input [1:0] k, input [7:0] m, input [31:0] mn,
                             input [2:0] n);
        begin
            meets = (k == 2'd2 && n != 3'd0 && r == mn[7:0])
                    || (k != 2'd0 && ((n > 3'd0 && r == m)
                                      || (n > 3'd1 && r == mn[15:8])
                                      || (n > 3'd2 && r == mn[23:16])
                                      || (n > 3'd3 && r == mn[31:24])));
        end
    endfunction
    function automatic [31:0] near(input [7:0] m);
        near = {m + 8'd3, m + 8'd2, m + 8'd1, m - 8'd1};
    endfunction
    // `a`, the VALU one's operands: {S0, k0, S1, k1, S2, k2, SRC0Y, ky0, SRC1Y, ky1, VDST,
    // kd, VDSTY, kyd}; `m`, the memory one's: {VDST, near(VDST), ndst, SRC0, near(SRC0),
    // SRC1, near(SRC1), ndata, SRC2, near(SRC2), n2}.
    function automatic mem_dep(input [69:0] a, input [168:0] m);
        reg [7:0]  s0, s1, s2, sy0, sy1, d, dy, vdst, src0, src1, src2;
        reg [1:0]  k0, k1, k2, ky0, ky1, kd, kyd;
        reg [31:0] n_vdst, n_src0, n_src1, n_src2;
        reg [2:0]  ndst, ndata, n2;
        begin
            {s0, k0, s1, k1, s2, k2, sy0, ky0, sy1, ky1, d, kd, dy, kyd} = a;
            {vdst, n_vdst, ndst, src0, n_src0, src1, n_src1, ndata, src2, n_src2, n2} = m;
            mem_dep = meets(s0, k0, vdst, n_vdst, ndst) || meets(s1, k1, vdst, n_vdst, ndst)
                      || meets(s2, k2, vdst, n_vdst, ndst)
                      || meets(sy0, ky0, vdst, n_vdst, ndst)
                      || meets(sy1, ky1, vdst, n_vdst, ndst) || meets(d, kd, vdst, n_vdst, ndst)
                      || meets(dy, kyd, vdst, n_vdst, ndst) || meets(d, kd, src0, n_src0, 3'd2)
                      || meets(d, kd, src1, n_src1, ndata) || meets(d, kd, src2, n_src2, n2)
                      || meets(dy, kyd, src0, n_src0, 3'd2)
                      || meets(dy, kyd, src1, n_src1, ndata) || meets(dy, kyd, src2, n_src2, n2);
        end
    endfunction
