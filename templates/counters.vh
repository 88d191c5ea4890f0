    // Performance counters (hdl/src/counters.rs; CSR word 0x20 + n; the top gives
    // ret_valid, ret_vec and the retired instruction's word 0 and EXEC, t_w0 and t_exec):
    // the amount each adds per cycle. A retired instruction's unit: the vector decoder's
    // `valu` (ret_vec: VALU, DS and GLOBAL) and its first word's fixed bits (DS 110110,
    // FLAT/GLOBAL 110111, SMEM 111101).
    wire        ret_vector = ret_valid && ret_vec;
    wire        ret_ds = ret_vector && t_w0[31:26] == 6'b110110;
    wire        ret_global = ret_vector && t_w0[31:26] == 6'b110111;
    wire        ret_valu = ret_vector && !ret_ds && !ret_global;
    wire        ret_smem = ret_valid && !ret_vec && t_w0[31:26] == 6'b111101;
    wire        ret_salu = ret_valid && !ret_vec && !ret_smem;
    // popcount(EXEC) of a retired VALU instruction, over two registered stages (nibble
    // counts, then their sum) so that no wide popcount sits on the retirement path.
    reg  [23:0] cnt_nibbles;
    reg  [5:0]  cnt_lanes;
    function automatic [2:0] nibble_count(input [3:0] x);
        nibble_count = {2'd0, x[0]} + {2'd0, x[1]} + {2'd0, x[2]} + {2'd0, x[3]};
    endfunction
    integer cnt_k;
    always @(posedge clk) begin
        for (cnt_k = 0; cnt_k < 8; cnt_k = cnt_k + 1)
            cnt_nibbles[3*cnt_k +: 3] <= ret_valu ? nibble_count(t_exec[4*cnt_k +: 4]) : 3'd0;
        cnt_lanes <= ({3'd0, cnt_nibbles[2:0]} + {3'd0, cnt_nibbles[5:3]}
                      + {3'd0, cnt_nibbles[8:6]} + {3'd0, cnt_nibbles[11:9]})
                   + ({3'd0, cnt_nibbles[14:12]} + {3'd0, cnt_nibbles[17:15]}
                      + {3'd0, cnt_nibbles[20:18]} + {3'd0, cnt_nibbles[23:21]});
        if (rst) begin
            cnt_nibbles <= 24'd0;
            cnt_lanes <= 6'd0;
        end
    end
{%- for c in counter_rows %}
    // {{ c.index }} (word 0x{{ c.word }}) {{ c.name }}: {{ c.meaning }}
    wire [7:0]  count_{{ c.name }} = {{ c.expr }};
{%- endfor %}

