#ifndef LOCKSTEP_FUZZ_DRIVER_H
#define LOCKSTEP_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's command line with `test_one_input` as the target. SwiftPM gives every executable its own
/// entry point (renamed `<Module>_main`), so the fuzzers start libFuzzer from there instead of using its main().
int lockstep_fuzz_main(int argc, char **argv, int (*test_one_input)(const uint8_t *data, size_t size));

#endif
