    // Round robin (templates/round_robin.vh, shared by the templates that pick a slot):
    // the first slot set in `rr_set` after slot `rr_after` (`rr_after` itself last), as
    // {found, slot}; {0, rr_after} when none is.
    function automatic [SB:0] round_robin(input [S-1:0] rr_set, input [SB-1:0] rr_after);
        integer rr_n;
        integer rr_c;
        begin
            round_robin = {1'b0, rr_after};
            // From the farthest candidate to the nearest, so that the nearest wins.
            for (rr_n = S; rr_n >= 1; rr_n = rr_n - 1) begin
                rr_c = rr_n + {{(32 - SB){1'b0}}, rr_after};
                if (rr_c >= S) rr_c = rr_c - S;
                if (rr_set[rr_c]) round_robin = {1'b1, rr_c[SB-1:0]};
            end
        end
    endfunction
