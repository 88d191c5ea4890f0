// cu32 co-simulation shim: drives the Verilated `cu32_top` for the Rust harness
// (sim/src/cosim/), over a line protocol on stdin/stdout. One process runs many programs.
//
// Requests (one per line):
//   load N            followed by N instruction words in hex, whitespace-separated, on
//                     any number of lines; answered by `OK N`
//   clear             unmap all of the bus memory; answered by `OK 0`
//   map ADDR N        followed by N dwords in hex (as `load`): maps the N*4 bytes at byte
//                     address ADDR (hex, a multiple of 4, below 2^32) with those dwords,
//                     little-endian; answered by `OK N`. Regions may not overlap.
//   bus LAT STALL SEED  the memory's acknowledge latency in cycles (LAT >= 1: a request
//                     accepted in cycle c is acknowledged in cycle c+LAT), the chance of
//                     STALL in a cycle in 1/1000 (0: never) and the seed of its pseudo-random
//                     sequence (all decimal); answered by `OK 0`. Default: 1 0 1.
//   dump ADDR N       answered by `M ADDR N w0 .. w(N-1)` (hex): the N dwords at ADDR as the
//                     last run left them (0 for unmapped bytes)
//   host N            followed by N pairs `ADDR VALUE` (hex, whitespace-separated): CSR
//                     writes for the next runs (cu32_top's host_* port, word addresses);
//                     `host 0` forgets them; answered by `OK N`
//   window T          the next runs' waveforms start at waveform time T (0: the whole run;
//                     each cycle is 2 time units); answered `OK 0`
//   run MAX [VCD]     reset; with CSR writes (`host`): make them through the host port,
//                     in order (the last one, CONTROL start, begins the dispatch; cycle 1
//                     is the cycle after it); else write the loaded words into imem and
//                     pulse `start`. Then clock until
//                     `done`, `error` or MAX cycles after the start pulse; with VCD (the rest
//                     of the line) a waveform of the whole run is written there. The bus
//                     memory starts every run as mapped (a run's stores do not carry over).
//   quit              exit
// The bus memory is a Wishbone B4 pipelined slave on cu32_top's wb_* port: it takes a
// request in each cycle with CYC, STB and no STALL, answers requests in order, one per
// cycle, each LAT cycles after it was taken at the earliest; a dword lying wholly in a
// mapped region is read (or written under SEL) and ACKed, any other is answered with ERR.
// Answers to `run`: for each cycle with `trace_swe` high (an s_load_b* dword written into
// the SGPR file, or with idx bit 7 set the scalar result of the VALU's background
// instruction, which a G line ends in the same cycle), one line
//   S idx val tag                                             (hex)
// and for each cycle with `trace_sdone` high (the load's last dword is in)
//   L tag
// (a load retires before its dwords arrive: the harness adds the S lines to the event of
// the load, which the L line completes; an s_load_b512 writes 16 SGPRs, more than the T
// line's four write slots. tag (`trace_stag`): the load's tag, which its T line gave; 0
// for a top with one load outstanding at most), for each cycle with `trace_vdone`,
// `trace_mdone` or `trace_gdone` high (the vector instruction running in the background on
// the VALU, on the memory unit (the LDS's in the interleaved core) or on the interleaved
// core's GLOBAL unit has ended; one at a time) its VGPR writes as V lines (below) and
//   G unit                                     (1: VALU, 2: memory unit, 3: GLOBAL unit)
// (the harness adds them to the event of that instruction, which retired with bg = unit,
// in an earlier cycle or in this one: the T line comes first), and for each cycle with
// `trace_valid` high, one line per VGPR write of the retired instruction (0 to 4: the
// registers of a 64-bit or wider result; none when bg is set: 1, 2 or 3, the unit),
//   V idx mask val0 .. val31                                  (all hex)
// then
//   T pc word0 word1 word2 nwords exec we0 idx0 val0 we1 idx1 val1 we2 idx2 val2
//     we3 idx3 val3 scc_we scc cycle time wave bg tag         (all hex)
// (cycle: since the start pulse, which is cycle 1; time: the waveform time of the rising
// edge that ends that cycle; wave: the instruction's wave, numbered in dispatch order;
// tag (`trace_tag`): 0, or for a scalar load the tag its S and L lines will carry, unique
// among the loads outstanding)
// then the performance counters, read through the host port after the run (CSR word 0x06
// gives their number n, words 0x20 .. 0x20 + n - 1 their values; the bus is held stalled
// meanwhile, and the reads take n + 3 cycles after the end, which are not counted in
// `cycles`; counters still counting, as after a TIMEOUT, count them too):
//   C n v0 .. v(n-1)                                          (all hex)
// and exactly one of
//   DONE cycles | ERROR error_pc cycles error_code | TIMEOUT cycles | FINISH cycles
// (FINISH: the RTL called $finish). A malformed request is answered by `FAIL message`.
// Every model is fresh: each run builds a new context and design instance.

#include "Vcu32_top.h"
#include "verilated.h"
// The waveform format is the build's (`--trace` or `--trace-fst`: VM_TRACE_FST).
#if VM_TRACE_FST
#include "verilated_fst_c.h"
using Trace = VerilatedFstC;
#else
#include "verilated_vcd_c.h"
using Trace = VerilatedVcdC;
#endif

#include <cstdint>
#include <cstdio>
#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

// The protocol's output. The process's own stdout is sent to stderr, so that whatever the
// design ($display) or Verilator ($finish notes) print cannot garble the protocol.
FILE* g_out = stdout;
// The waveform time from which a run's waveform is written (`window`; 0: the whole run).
unsigned long long g_wave_from = 0;

struct Sim {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vcu32_top> top;
    std::unique_ptr<Trace> vcd;

    explicit Sim(const std::string& vcd_path) : ctx(new VerilatedContext) {
        if (!vcd_path.empty()) ctx->traceEverOn(true);
        top.reset(new Vcu32_top{ctx.get()});
        if (!vcd_path.empty()) {
            vcd.reset(new Trace);
            top->trace(vcd.get(), 99);
            vcd->open(vcd_path.c_str());
        }
        top->clk = 0;
        top->rst = 0;
        top->imem_we = 0;
        top->imem_addr = 0;
        top->imem_wdata = 0;
        top->start = 0;
        top->host_cyc = 0;
        top->host_stb = 0;
        top->host_we = 0;
        top->host_adr = 0;
        top->host_dat_i = 0;
        top->host_sel = 0;
        top->wb_stall = 0;
        top->wb_ack = 0;
        top->wb_err = 0;
        top->wb_dat_i = 0;
        half();
    }

    ~Sim() {
        top->final();
        if (vcd) vcd->close();
    }

    void half() {
        ctx->timeInc(1);
        top->eval();
        if (vcd && ctx->time() >= g_wave_from) vcd->dump(ctx->time());
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

// The bus memory: mapped regions of bytes by base address, the slave's settings, and the
// requests taken but not yet answered.
struct BusMemory {
    std::map<uint64_t, std::vector<uint8_t>> regions;
    unsigned latency = 1;
    unsigned stall_permille = 0;
    uint64_t seed = 1;
    uint64_t rng = 1;

    struct Pending {
        bool err;
        uint32_t data;
        unsigned long long ready;
    };
    std::deque<Pending> queue;

    // The region byte holding the 4 bytes at addr, or nullptr.
    uint8_t* find(uint64_t addr) {
        auto it = regions.upper_bound(addr);
        if (it == regions.begin()) return nullptr;
        --it;
        uint64_t off = addr - it->first;
        if (off + 4 > it->second.size()) return nullptr;
        return it->second.data() + off;
    }

    bool overlaps(uint64_t addr, uint64_t bytes) const {
        for (const auto& r : regions)
            if (addr < r.first + r.second.size() && r.first < addr + bytes) return true;
        return false;
    }

    void start_run() {
        queue.clear();
        rng = seed ? seed : 1;
    }

    bool stall() {
        if (stall_permille == 0) return false;
        // xorshift64
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        return rng % 1000 < stall_permille;
    }
};

BusMemory g_mem;
// The memory as the last run left it (for `dump`).
std::map<uint64_t, std::vector<uint8_t>> g_last;

void print_vgpr(unsigned idx, unsigned mask, const VlWide<32>& v) {
    std::fprintf(g_out, "V %x %x", idx, mask);
    for (int i = 0; i < 32; ++i) std::fprintf(g_out, " %x", (unsigned)v[i]);
    std::fprintf(g_out, "\n");
}

// The V lines of the VGPR writes on the trace ports this cycle.
void print_vgprs(const Vcu32_top& t) {
    if (t.trace_vwe0) print_vgpr(t.trace_vidx0, t.trace_vmask, t.trace_vval0);
    if (t.trace_vwe1) print_vgpr(t.trace_vidx1, t.trace_vmask, t.trace_vval1);
    if (t.trace_vwe2) print_vgpr(t.trace_vidx2, t.trace_vmask, t.trace_vval2);
    if (t.trace_vwe3) print_vgpr(t.trace_vidx3, t.trace_vmask, t.trace_vval3);
}

void print_trace(const Vcu32_top& t, unsigned long long cycle, unsigned long long time) {
    if (!t.trace_vdone && !t.trace_mdone && !t.trace_gdone) print_vgprs(t);
    std::fprintf(g_out, "T %x %x %x %x %x %llx %x %x %x %x %x %x %x %x %x %x %x %x %x %x %llx %llx %x %x %x\n",
                (unsigned)t.trace_pc, (unsigned)t.trace_word0, (unsigned)t.trace_word1,
                (unsigned)t.trace_word2, (unsigned)t.trace_nwords,
                (unsigned long long)t.trace_exec,
                (unsigned)t.trace_we0, (unsigned)t.trace_idx0, (unsigned)t.trace_val0,
                (unsigned)t.trace_we1, (unsigned)t.trace_idx1, (unsigned)t.trace_val1,
                (unsigned)t.trace_we2, (unsigned)t.trace_idx2, (unsigned)t.trace_val2,
                (unsigned)t.trace_we3, (unsigned)t.trace_idx3, (unsigned)t.trace_val3,
                (unsigned)t.trace_scc_we, (unsigned)t.trace_scc, cycle, time,
                (unsigned)t.trace_wave, (unsigned)t.trace_vbg, (unsigned)t.trace_tag);
}

// One read of CSR word `adr` through the host port, starting with the clock low; ends with
// the clock low again (one cycle: the CSRs answer the cycle after they take the request).
uint32_t host_read(Sim& sim, uint8_t adr) {
    Vcu32_top& t = *sim.top;
    t.host_cyc = 1;
    t.host_stb = 1;
    t.host_we = 0;
    t.host_adr = adr;
    t.host_dat_i = 0;
    t.host_sel = 0xf;
    sim.rise();
    uint32_t value = t.host_ack ? (uint32_t)t.host_dat_o : 0;
    sim.fall();
    t.host_cyc = 0;
    t.host_stb = 0;
    t.host_adr = 0;
    t.host_sel = 0;
    return value;
}

// Reads the performance counters after a run (see the protocol above) and prints the C line.
// After $finish the design is not clocked again: `C 0`.
void print_counters(Sim& sim) {
    Vcu32_top& t = *sim.top;
    if (sim.ctx->gotFinish()) {
        std::fprintf(g_out, "C 0\n");
        return;
    }
    // The bus answers nothing more: STALL holds any master still asking.
    t.wb_ack = 0;
    t.wb_err = 0;
    t.wb_dat_i = 0;
    t.wb_stall = 1;
    // Two idle cycles: the counters' registered amounts (lanes, LDS conflicts) land.
    for (int i = 0; i < 2; ++i) {
        sim.rise();
        sim.fall();
    }
    unsigned n = host_read(sim, 0x06);
    if (n > 0xe0) n = 0xe0;  // words 0x20 .. 0xff at most
    std::fprintf(g_out, "C %x", n);
    for (unsigned i = 0; i < n; ++i) std::fprintf(g_out, " %x", host_read(sim, (uint8_t)(0x20 + i)));
    std::fprintf(g_out, "\n");
}

// Runs one program; returns the end line, to be printed once the waveform is closed.
std::string run(const std::vector<uint32_t>& words,
                const std::vector<std::pair<uint32_t, uint32_t>>& host,
                unsigned long long max_cycles, const std::string& vcd_path) {
    Sim sim(vcd_path);
    Vcu32_top& t = *sim.top;

    t.rst = 1;
    for (int i = 0; i < 4; ++i) sim.cycle();
    t.rst = 0;
    sim.cycle();

    if (!host.empty()) {
        // One write a cycle; the CSRs take every access at once (no STALL).
        for (const auto& w : host) {
            sim.fall();
            t.host_cyc = 1;
            t.host_stb = 1;
            t.host_we = 1;
            t.host_adr = (uint8_t)w.first;
            t.host_dat_i = w.second;
            t.host_sel = 0xf;
            sim.rise();
        }
        sim.fall();
        t.host_cyc = 0;
        t.host_stb = 0;
        t.host_we = 0;
        t.host_adr = 0;
        t.host_dat_i = 0;
        t.host_sel = 0;
    } else {
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
    }

    // The memory as mapped; the run's stores go to this copy.
    auto saved = g_mem.regions;
    g_mem.start_run();
    // The slave's outputs for cycle `cycles`: the oldest answer once its time has come,
    // and STALL. Set while the clock is low, before the falling half's evaluation, so that
    // the waveform shows them in their own cycle.
    bool answer = false;
    unsigned long long cycles = 1;
    auto drive = [&] {
        answer = !g_mem.queue.empty() && g_mem.queue.front().ready <= cycles;
        t.wb_ack = answer && !g_mem.queue.front().err;
        t.wb_err = answer && g_mem.queue.front().err;
        t.wb_dat_i = answer ? g_mem.queue.front().data : 0;
        t.wb_stall = g_mem.stall();
    };
    drive();
    t.eval();

    char end[96];
    for (;;) {
        // Here the clock is low and the outputs show the cycle about to end.
        if (answer) g_mem.queue.pop_front();
        if (t.wb_cyc && t.wb_stb && !t.wb_stall) {
            uint64_t addr = (uint64_t)t.wb_adr << 2;
            uint8_t* p = g_mem.find(addr);
            BusMemory::Pending r{p == nullptr, 0, cycles + g_mem.latency};
            if (p) {
                if (t.wb_we) {
                    for (int b = 0; b < 4; ++b)
                        if ((t.wb_sel >> b) & 1) p[b] = (uint8_t)(t.wb_dat_o >> (8 * b));
                } else {
                    r.data = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                             (uint32_t)p[3] << 24;
                }
            }
            g_mem.queue.push_back(r);
        }
        if (t.trace_swe)
            std::fprintf(g_out, "S %x %x %x\n", (unsigned)t.trace_sidx, (unsigned)t.trace_sval,
                         (unsigned)t.trace_stag);
        if (t.trace_sdone) std::fprintf(g_out, "L %x\n", (unsigned)t.trace_stag);
        // (T before G: an instruction can end in the cycle it retires, a DS no-op say.)
        if (t.trace_valid) print_trace(t, cycles, sim.ctx->time() + 1);
        if (t.trace_vdone || t.trace_mdone || t.trace_gdone) {
            print_vgprs(t);
            std::fprintf(g_out, "G %x\n", t.trace_vdone ? 1u : t.trace_mdone ? 2u : 3u);
        }
        if (t.error) {
            std::snprintf(end, sizeof end, "ERROR %x %llx %x", (unsigned)t.error_pc, cycles,
                          (unsigned)t.error_code);
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
        drive();
        sim.fall();
    }
    print_counters(sim);
    // Keep the run's memory for `dump`; the next run starts from the mapped contents.
    g_last = std::move(g_mem.regions);
    g_mem.regions = std::move(saved);
    return end;
}

// Reads n hex dwords from stdin (any number of lines), then the rest of the last line.
bool read_words(size_t n, std::vector<uint32_t>& out) {
    out.assign(n, 0);
    if (n == 0) return true;  // no word line follows
    bool ok = true;
    for (size_t i = 0; i < n; ++i) {
        unsigned long w = 0;
        if (!(std::cin >> std::hex >> w >> std::dec)) {
            ok = false;
            break;
        }
        out[i] = (uint32_t)w;
    }
    std::cin.clear();
    std::string rest;
    std::getline(std::cin, rest);
    return ok;
}

// One answer line.
void answer(const std::string& line) {
    std::fprintf(g_out, "%s\n", line.c_str());
    std::fflush(g_out);
}

// `map`, `bus`, `clear`, `dump`; false if `cmd` is none of them.
bool memory_request(const std::string& cmd, std::istringstream& in) {
    if (cmd == "clear") {
        g_mem.regions.clear();
        g_last.clear();
        answer("OK 0");
    } else if (cmd == "map") {
        uint64_t addr = 0;
        size_t n = 0;
        if (!(in >> std::hex >> addr >> std::dec >> n)) {
            answer("FAIL map needs an address and a dword count");
            return true;
        }
        std::vector<uint32_t> words;
        if (!read_words(n, words)) {
            answer("FAIL map: expected " + std::to_string(n) + " hex dwords");
        } else if (addr % 4 != 0 || addr + 4 * (uint64_t)n > (1ull << 32)) {
            answer("FAIL map: the region must be dword-aligned and below 2^32");
        } else if (g_mem.overlaps(addr, 4 * (uint64_t)n)) {
            answer("FAIL map: the region overlaps a mapped one");
        } else {
            std::vector<uint8_t> bytes(4 * n);
            for (size_t i = 0; i < n; ++i)
                for (int b = 0; b < 4; ++b) bytes[4 * i + b] = (uint8_t)(words[i] >> (8 * b));
            g_mem.regions[addr] = std::move(bytes);
            answer("OK " + std::to_string(n));
        }
    } else if (cmd == "bus") {
        unsigned lat = 0, stall = 0;
        unsigned long long seed = 0;
        if (!(in >> lat >> stall >> seed) || lat < 1 || stall > 1000) {
            answer("FAIL bus needs LAT >= 1, STALL 0..1000 and SEED");
        } else {
            g_mem.latency = lat;
            g_mem.stall_permille = stall;
            g_mem.seed = seed;
            answer("OK 0");
        }
    } else if (cmd == "dump") {
        uint64_t addr = 0;
        size_t n = 0;
        if (!(in >> std::hex >> addr >> std::dec >> n)) {
            answer("FAIL dump needs an address and a dword count");
            return true;
        }
        std::fprintf(g_out, "M %llx %zx", (unsigned long long)addr, n);
        for (size_t i = 0; i < n; ++i) {
            uint32_t w = 0;
            for (int b = 0; b < 4; ++b) {
                uint64_t a = addr + 4 * i + b;
                auto it = g_last.upper_bound(a);
                if (it == g_last.begin()) continue;
                --it;
                if (a - it->first < it->second.size())
                    w |= (uint32_t)it->second[a - it->first] << (8 * b);
            }
            std::fprintf(g_out, " %x", w);
        }
        std::fprintf(g_out, "\n");
        std::fflush(g_out);
    } else {
        return false;
    }
    return true;
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
    std::vector<std::pair<uint32_t, uint32_t>> host;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string cmd;
        if (!(in >> cmd)) continue;
        if (cmd == "quit") break;
        if (memory_request(cmd, in)) continue;
        if (cmd == "load") {
            size_t n = 0;
            if (!(in >> n)) {
                std::fprintf(g_out, "FAIL load needs a word count\n");
                std::fflush(g_out);
                continue;
            }
            if (read_words(n, words)) {
                std::fprintf(g_out, "OK %zu\n", n);
            } else {
                std::fprintf(g_out, "FAIL load: expected %zu hex words\n", n);
            }
            std::fflush(g_out);
        } else if (cmd == "host") {
            size_t n = 0;
            std::vector<uint32_t> pairs;
            if (!(in >> n) || !read_words(2 * n, pairs)) {
                std::fprintf(g_out, "FAIL host needs a count and that many ADDR VALUE pairs\n");
            } else {
                host.clear();
                for (size_t i = 0; i < n; ++i) host.emplace_back(pairs[2 * i], pairs[2 * i + 1]);
                std::fprintf(g_out, "OK %zu\n", n);
            }
            std::fflush(g_out);
        } else if (cmd == "window") {
            unsigned long long from = 0;
            if (!(in >> from)) {
                std::fprintf(g_out, "FAIL window needs a waveform time\n");
            } else {
                g_wave_from = from;
                std::fprintf(g_out, "OK 0\n");
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
            std::string end = run(words, host, max_cycles, vcd);
            std::fprintf(g_out, "%s\n", end.c_str());
            std::fflush(g_out);
        } else {
            std::fprintf(g_out, "FAIL unknown request `%s`\n", cmd.c_str());
            std::fflush(g_out);
        }
    }
    return 0;
}
