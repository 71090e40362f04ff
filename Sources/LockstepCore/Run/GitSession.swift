import LockstepGit

/// What one `lockstep` run sets up in libgit2 and takes down again, so that runs in one process (tests) do not
/// share it: the library's initialisation (once per process) and where transfer warnings go.
public enum GitSession {
    /// Initialises libgit2 (once per process) and sends this run's transfer warnings (an unverified TLS
    /// certificate, …) to `warnings`, each once.
    public static func begin(warnings: @escaping @Sendable (String) -> Void) {
        Git.bootstrap()
        TransferWarnings.setHandler(warnings)
    }

    /// Stops sending transfer warnings to the run that began.
    public static func end() {
        TransferWarnings.setHandler(nil)
    }
}
