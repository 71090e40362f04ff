/// What every `--format json` document starts with: `schemaVersion`, `command`, and `error` when the command
/// failed. The command's own fields sit beside them at the top level (not nested), so a script reads
/// `.components` or `.findings` directly and checks `.error` first.
public struct JSONEnvelope<Payload: Codable>: Codable {
    /// The schema version of every command's JSON; raised only when a field is renamed, removed or retyped.
    public static var schemaVersion: Int { 1 }

    public var schemaVersion: Int
    /// The command's name as typed: `matrix`, `check`, `integrate` …
    public var command: String
    /// The command's own fields; nil in a bare error document.
    public var payload: Payload?
    /// Set when the command failed or refused; the exit code is the process's own.
    public var error: JSONError?

    public init(command: String, payload: Payload?, error: JSONError? = nil) {
        self.schemaVersion = Self.schemaVersion
        self.command = command
        self.payload = payload
        self.error = error
    }

    private enum Keys: String, CodingKey { case schemaVersion, command, error }

    public func encode(to encoder: any Encoder) throws {
        // The payload first: the envelope's keys then win over a payload's own `schemaVersion`.
        try payload?.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(command, forKey: .command)
        try container.encodeIfPresent(error, forKey: .error)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        command = try container.decode(String.self, forKey: .command)
        error = try container.decodeIfPresent(JSONError.self, forKey: .error)
        payload = error == nil ? try Payload(from: decoder) : try? Payload(from: decoder)
    }
}

/// Why a command failed, in its JSON document.
public struct JSONError: Codable, Sendable, Equatable {
    /// The sentence a person would read on stderr (no colour).
    public var message: String
    /// The process's exit code: 1 refused or failed, 2 bad usage, configuration or repo.
    public var exitCode: Int32

    public init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }
}

/// No fields of a command's own: the payload of a bare error document.
public struct NoPayload: Codable, Sendable {
    public init() {}
}

extension JSONText {
    /// A command's JSON document: the envelope around `payload`, with `error` when given.
    public static func document<Payload: Codable>(_ command: String, _ payload: Payload?, error: JSONError? = nil)
        throws -> String
    {
        try encode(JSONEnvelope(command: command, payload: payload, error: error))
    }
}
