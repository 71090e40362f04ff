internal import CLibgit2
import Foundation

/// A configured git credential helper (`credential.helper`, or `credential.<url>.helper` for URLs under `scope`).
public struct CredentialHelper: Sendable, Equatable {
    /// The URL prefix the helper is configured for; nil: every URL.
    public var scope: String?
    /// As configured: a name (`store`, `osxkeychain`, `manager` → `git credential-NAME`), a path, or `!shell code`.
    public var command: String

    public init(scope: String? = nil, command: String) {
        self.scope = scope
        self.command = command
    }

    /// True when the helper applies to `url` (its scope is a prefix of it, compared without a trailing slash).
    func applies(to url: String) -> Bool {
        guard let scope else { return true }
        let prefix = scope.hasSuffix("/") ? String(scope.dropLast()) : scope
        return url == prefix || url.hasPrefix(prefix + "/") || url.hasPrefix(prefix) && prefix.hasSuffix(":")
    }

    /// The shell line git would run for `get`: a name becomes `git credential-NAME`, `!code` runs as shell code.
    var shellLine: String {
        if command.hasPrefix("!") { return String(command.dropFirst()) + " get" }
        if command.contains("/") { return command + " get" }
        return "git credential-\(command) get"
    }

    /// Asks the helper for `url` (git's credential protocol: `protocol=`, `host=`, `username=` on stdin; `username=`
    /// and `password=` lines back). Nil when it fails, answers without a password, or says `quit=1`.
    func fill(url: String, user: String?) -> (user: String, password: String)? {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme, let host = parts.host else {
            return nil
        }
        var request = "protocol=\(scheme)\nhost=\(host)\(parts.port.map { ":\($0)" } ?? "")\n"
        if let name = user ?? parts.user { request += "username=\(name)\n" }
        request += "\n"
        // The request goes in through a file, not a pipe: a helper that exits without reading its input (many
        // `!echo …` helpers do) would make a write to a pipe raise SIGPIPE and end this process.
        let requestFile = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "lockstep-credential-\(UUID().uuidString)")
        guard
            FileManager.default.createFile(
                atPath: requestFile.path, contents: Data(request.utf8), attributes: [.posixPermissions: 0o600]),
            let input = FileHandle(forReadingAtPath: requestFile.path)
        else { return nil }
        defer {
            try? input.close()
            try? FileManager.default.removeItem(at: requestFile)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", shellLine]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var answer: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            answer[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard answer["quit"] != "1", answer["quit"] != "true", let password = answer["password"], !password.isEmpty
        else { return nil }
        return (answer["username"] ?? user ?? parts.user ?? "git", password)
    }
}

extension Repository {
    /// The credential helpers this repository's git configuration names (system, global and local), in git's
    /// order: an empty `credential.helper` value clears the ones before it.
    public func credentialHelpers() throws -> [CredentialHelper] {
        var config: OpaquePointer?
        try check(git_repository_config_snapshot(&config, pointer), "git_repository_config_snapshot", path: path)
        defer { git_config_free(config) }
        var iterator: OpaquePointer?
        try check(
            git_config_iterator_glob_new(&iterator, config, "^credential\\..*helper$"), "git_config_iterator_glob_new",
            path: path)
        defer { git_config_iterator_free(iterator) }
        var helpers: [CredentialHelper] = []
        var entry: UnsafeMutablePointer<git_config_entry>?
        while git_config_next(&entry, iterator) == 0, let entry {
            let name = String(cString: entry.pointee.name), value = String(cString: entry.pointee.value)
            // `credential.helper` or `credential.<url>.helper`; the URL may itself hold dots.
            let middle = name.dropFirst("credential.".count).dropLast(".helper".count)
            let scope = name == "credential.helper" ? nil : String(middle)
            if value.isEmpty {
                helpers.removeAll { $0.scope == scope }
            } else {
                helpers.append(CredentialHelper(scope: scope, command: value))
            }
        }
        return helpers
    }
}
