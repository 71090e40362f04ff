#include "FuzzDriver.h"

// libFuzzer's documented entry for programs that have their own main().
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test_one_input)(const uint8_t *data, size_t size));

int lockstep_fuzz_main(int argc, char **argv, int (*test_one_input)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(&argc, &argv, test_one_input);
}
