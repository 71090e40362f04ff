import Foundation
import Yams

/// The plain-file description of a sample workspace's history (`history.yml`).
public struct SampleHistory: Decodable, Sendable {
    /// One commit of the timeline, replayed in order across repos.
    public struct Commit: Decodable, Sendable {
        /// The component or app name from `lockstep.yml`.
        public var repo: String
        /// The overlay folder `steps/<repo>/<step>/`; nil when the commit only deletes.
        public var step: String?
        public var message: String
        /// Lightweight tags on this commit.
        public var tags: [String]?
        /// Annotated tags on this commit.
        public var annotated: [String]?
        /// Files the commit removes.
        public var delete: [String]?
        /// In `edits.yml`: the story the commit belongs to (overlays in `edits/<repo>/<step>/`).
        public var edit: String?
    }

    public var commits: [Commit]

    /// Reads `history.yml` (or another file of the same shape, such as `edits.yml`) from a fixture folder.
    public static func load(from folder: URL, file name: String = "history.yml") throws -> SampleHistory {
        let file = folder.appendingPathComponent(name)
        let text = try String(contentsOf: file, encoding: .utf8)
        do {
            return try YAMLDecoder().decode(SampleHistory.self, from: text)
        } catch {
            throw SampleError("\(file.path): \(error)")
        }
    }
}

/// The sample fixture could not be found or replayed.
public struct SampleError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
