import Foundation
import LockstepGit
import LockstepManifest

/// Parsed manifests by blob id, shared by every commit whose manifest is that blob (a component's tags mostly
/// are); safe from several threads. A parse error is kept too, and both come back labelled with the commit asked
/// for, so messages still say where.
public final class ParsedManifests: @unchecked Sendable {
    private let lock = NSLock()
    private var byBlob: [ObjectID: Result<Manifest, any Error>] = [:]

    public init() {}

    /// The manifest of `blob` read as the file `label` (path and revision), parsing it with `parse` the first time
    /// only.
    public func manifest(blob: ObjectID, label: ManifestFile, parse: () throws -> Manifest) throws -> Manifest {
        let result: Result<Manifest, any Error>
        if let cached = lock.withLock({ byBlob[blob] }) {
            result = cached
        } else {
            result = Result { try parse() }
            lock.withLock { byBlob[blob] = result }
        }
        switch result {
        case .success(var manifest):
            manifest.file = label
            manifest.unreadableDependencies = manifest.unreadableDependencies.map {
                var error = $0; error.file = label; return error
            }
            return manifest
        case .failure(var error as ManifestError):
            error.file = label
            throw error
        case .failure(let error):
            throw error
        }
    }
}
