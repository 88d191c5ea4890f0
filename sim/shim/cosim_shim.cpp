// cu32 co-simulation shim: drives the Verilated `cu32_top` for the Rust harness
// (sim/src/cosim/), over a line protocol on stdin/stdout. One process runs many programs.
//
// Requests (one per line):
//   load N            followed by N instruction words in hex, whitespace-separated, on
//                     any number of lines; answered by `OK N`
//   run MAX [VCD]     reset, write the loaded words into imem, pulse `start`, then clock until
//                     `done`, `error` or MAX cycles after the start pulse; with VCD (the rest
//                     of the line) a waveform of the whole run is written there
//   quit              exit
// Answers to `run`: for each cycle with `trace_valid` high, one line per VGPR write of the
// retired instruction (0, 1 or 2: the low and high register of a 64-bit result),
//   V idx mask val0 .. val31                                  (all hex)
// then
//   T pc word0 word1 word2 nwords exec we0 idx0 val0 we1 idx1 val1 we2 idx2 val2
//     we3 idx3 val3 scc_we scc cycle time                     (all hex)
// (cycle: since the start pulse, which is cycle 1; time: the waveform time of the rising
// edge that ends that cycle)
// then exactly one of
//   DONE cycles | ERROR error_pc cycles | TIMEOUT cycles | FINISH cycles
// (FINISH: the RTL called $finish). A malformed request is answered by `FAIL message`.
// Every model is fresh: each run builds a new context and design instance.

#include "Vcu32_top.h"
#include "verilated.h"
#include "verilated_vcd_c.h"

#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

// The protocol's output. The process's own stdout is sent to stderr, so that whatever the
// design ($display) or Verilator ($finish notes) print cannot garble the protocol.
FILE* g_out = stdout;

struct Sim {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vcu32_top> top;
    std::unique_ptr<VerilatedVcdC> vcd;

    explicit Sim(const std::string& vcd_path) : ctx(new VerilatedContext) {
        if (!vcd_path.empty()) ctx->traceEverOn(true);
        top.reset(new Vcu32_top{ctx.get()});
        if (!vcd_path.empty()) {
            vcd.reset(new VerilatedVcdC);
            top->trace(vcd.get(), 99);
            vcd->open(vcd_path.c_str());
        }
        top->clk = 0;
        top->rst = 0;
        top->imem_we = 0;
        top->imem_addr = 0;
        top->imem_wdata = 0;
        top->start = 0;
        half();
    }

    ~Sim() {
        top->final();
        if (vcd) vcd->close();
    }

    void half() {
        ctx->timeInc(1);
        top->eval();
        if (vcd) vcd->dump(ctx->time());
    }

    // The falling half first: outputs are sampled between the two halves, so a sample sees
    // what the coming rising edge will see.
    void fall() {
        top->clk = 0;
        half();
    }
    void rise() {
        top->clk = 1;
        half();
    }
    void cycle() {
        fall();
        rise();
    }
};

void print_vgpr(unsigned idx, unsigned mask, const VlWide<32>& v) {
    std::fprintf(g_out, "V %x %x", idx, mask);
    for (int i = 0; i < 32; ++i) std::fprintf(g_out, " %x", (unsigned)v[i]);
    std::fprintf(g_out, "\n");
}

void print_trace(const Vcu32_top& t, unsigned long long cycle, unsigned long long time) {
    if (t.trace_vwe0) print_vgpr(t.trace_vidx0, t.trace_vmask, t.trace_vval0);
    if (t.trace_vwe1) print_vgpr(t.trace_vidx1, t.trace_vmask, t.trace_vval1);
    if (t.trace_vwe2) print_vgpr(t.trace_vidx2, t.trace_vmask, t.trace_vval2);
    if (t.trace_vwe3) print_vgpr(t.trace_vidx3, t.trace_vmask, t.trace_vval3);
    std::fprintf(g_out, "T %x %x %x %x %x %llx %x %x %x %x %x %x %x %x %x %x %x %x %x %x %llx %llx\n",
                (unsigned)t.trace_pc, (unsigned)t.trace_word0, (unsigned)t.trace_word1,
                (unsigned)t.trace_word2, (unsigned)t.trace_nwords,
                (unsigned long long)t.trace_exec,
                (unsigned)t.trace_we0, (unsigned)t.trace_idx0, (unsigned)t.trace_val0,
                (unsigned)t.trace_we1, (unsigned)t.trace_idx1, (unsigned)t.trace_val1,
                (unsigned)t.trace_we2, (unsigned)t.trace_idx2, (unsigned)t.trace_val2,
                (unsigned)t.trace_we3, (unsigned)t.trace_idx3, (unsigned)t.trace_val3,
                (unsigned)t.trace_scc_we, (unsigned)t.trace_scc, cycle, time);
}

// Runs one program; returns the end line, to be printed once the waveform is closed.
std::string run(const std::vector<uint32_t>& words, unsigned long long max_cycles,
                const std::string& vcd_path) {
    Sim sim(vcd_path);
    Vcu32_top& t = *sim.top;

    t.rst = 1;
    for (int i = 0; i < 4; ++i) sim.cycle();
    t.rst = 0;
    sim.cycle();

    for (size_t i = 0; i < words.size(); ++i) {
        sim.fall();
        t.imem_we = 1;
        t.imem_addr = (uint32_t)i;
        t.imem_wdata = words[i];
        sim.rise();
    }
    sim.fall();
    t.imem_we = 0;
    t.imem_addr = 0;
    t.imem_wdata = 0;
    t.start = 1;
    sim.rise();
    sim.fall();
    t.start = 0;

    unsigned long long cycles = 1;
    char end[96];
    for (;;) {
        // Here the clock is low and the outputs show the cycle about to end.
        if (t.trace_valid) print_trace(t, cycles, sim.ctx->time() + 1);
        if (t.error) {
            std::snprintf(end, sizeof end, "ERROR %x %llx", (unsigned)t.error_pc, cycles);
            break;
        }
        if (t.done) {
            std::snprintf(end, sizeof end, "DONE %llx", cycles);
            break;
        }
        if (sim.ctx->gotFinish()) {
            std::snprintf(end, sizeof end, "FINISH %llx", cycles);
            break;
        }
        if (cycles >= max_cycles) {
            std::snprintf(end, sizeof end, "TIMEOUT %llx", cycles);
            break;
        }
        sim.rise();
        ++cycles;
        sim.fall();
    }
    return end;
}

}  // namespace

int main(int argc, char** argv) {
    Verilated::commandArgs(argc, argv);
    std::ios::sync_with_stdio(false);
    int proto_fd = dup(1);
    FILE* proto = proto_fd < 0 ? nullptr : fdopen(proto_fd, "w");
    if (!proto || dup2(2, 1) < 0) {
        std::fprintf(stderr, "cu32 cosim shim: cannot set up its output\n");
        return 1;
    }
    g_out = proto;
    static char outbuf[1 << 16];
    std::setvbuf(g_out, outbuf, _IOFBF, sizeof outbuf);

    std::vector<uint32_t> words;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string cmd;
        if (!(in >> cmd)) continue;
        if (cmd == "quit") break;
        if (cmd == "load") {
            size_t n = 0;
            if (!(in >> n)) {
                std::fprintf(g_out, "FAIL load needs a word count\n");
                std::fflush(g_out);
                continue;
            }
            words.assign(n, 0);
            bool ok = true;
            for (size_t i = 0; i < n; ++i) {
                unsigned long w = 0;
                if (!(std::cin >> std::hex >> w >> std::dec)) {
                    ok = false;
                    break;
                }
                words[i] = (uint32_t)w;
            }
            std::getline(std::cin, line);  // the rest of the last word line
            if (ok) {
                std::fprintf(g_out, "OK %zu\n", n);
            } else {
                std::fprintf(g_out, "FAIL load: expected %zu hex words\n", n);
            }
            std::fflush(g_out);
        } else if (cmd == "run") {
            unsigned long long max_cycles = 0;
            if (!(in >> max_cycles)) {
                std::fprintf(g_out, "FAIL run needs a cycle budget\n");
                std::fflush(g_out);
                continue;
            }
            std::string vcd;
            std::getline(in >> std::ws, vcd);
            std::string end = run(words, max_cycles, vcd);
            std::fprintf(g_out, "%s\n", end.c_str());
            std::fflush(g_out);
        } else {
            std::fprintf(g_out, "FAIL unknown request `%s`\n", cmd.c_str());
            std::fflush(g_out);
        }
    }
    return 0;
}
