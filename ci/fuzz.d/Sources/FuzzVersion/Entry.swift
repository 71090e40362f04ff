import FuzzDriver
import Foundation

/// Hands the command line to libFuzzer (see FuzzDriver.h for why this is not libFuzzer's own main).
@main
enum Entry {
    static func main() {
        exit(lockstep_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzVersion))
    }
}
