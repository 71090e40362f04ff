import Foundation
import LockstepGit

/// How a pin commit reaches a main app's checkout, decided before anything is written.
///
/// After a pin commit moves the branch, the checkout on that branch must carry the pin in its index and work
/// tree too, or the user's next `git commit -a` would commit the old requirement back. The pin is applied the
/// way a fast-forward merge would: a three-way update of the one file it touches, keeping the user's edits.
enum CheckoutPlan {
    /// Nothing to update: a bare repository, or the checkout is on another branch than the pin's.
    case untouched(String)
    /// The checkout is on the pin's branch: stage and write the pinned file, edits kept.
    case follow(CheckoutUpdate)
}

/// The index and work-tree contents of the pinned file before and after the pin.
struct CheckoutUpdate {
    var file: String
    /// The index entry's blob when planned (the update is refused if it changed).
    var indexBlob: ObjectID
    var oldIndex: Data
    var newIndex: Data
    /// The work-tree bytes as they are on disk (after git's filters, e.g. CRLF line ends).
    var oldWorkTree: Data
    var newWorkTree: Data
    /// True when the new work-tree file is exactly the new index content (no edits of the user's left over).
    var workTreeMatchesIndex: Bool
    /// True when the user's own uncommitted edits of the file are merged with the pin.
    var keepsEdits: Bool
}

/// Why a main app's checkout cannot take a pin cleanly; nothing is tagged or pinned because of it.
struct CheckoutRefusal: Error, CustomStringConvertible {
    var description: String
}

enum MainCheckout {
    /// Decides how the checkout of `repository` follows a pin commit of `file` from `base` (its text at the branch
    /// tip) to `pinned`. Throws `CheckoutRefusal` when the pin cannot land without losing or reverting anything.
    static func plan(_ repository: Repository, app: App, branch: String, file: String, base: Data, pinned: Data) throws
        -> CheckoutPlan
    {
        guard !repository.isBare, let root = repository.workDirectory else { return .untouched("bare repository") }
        try requireNoOperation(repository, app: app)
        for location in try repository.worktreesCheckingOut(branch) {
            throw CheckoutRefusal(
                description:
                    """
                    \(app.name)'s branch \(branch) is also checked out in the work tree \(location); a commit \
                    there would revert the pin. Switch that work tree to another branch (or remove it with `git \
                    worktree remove`)
                    """
            )
        }
        let head = try repository.head()
        guard head.branch == branch else {
            return .untouched(
                "the checkout is on \(head.branch.map { "branch \($0)" } ?? "a detached HEAD") and was not touched")
        }
        if repository.isIndexLocked {
            throw CheckoutRefusal(
                description:
                    """
                    \(repository.gitDirectory)index.lock exists: another git process is using \(app.name)'s \
                    index. Wait for it to finish (or delete the lock file if no git process is running)
                    """
            )
        }
        guard let entry = try repository.indexEntry(file) else {
            throw CheckoutRefusal(
                description:
                    """
                    \(app.path)/\(file) is not in the index of \(app.name) (removed with `git rm`?); restore it \
                    (`git restore --staged \(file)`) so the pin can be applied to the checkout
                    """
            )
        }
        if entry.isConflicted {
            throw CheckoutRefusal(description: "\(app.path)/\(file) has an unresolved merge conflict; resolve it first")
        }
        if entry.assumeUnchanged || entry.skipWorktree {
            let flag = entry.assumeUnchanged ? "assume-unchanged" : "skip-worktree"
            throw CheckoutRefusal(
                description:
                    """
                    \(app.path)/\(file) is marked \(flag), so git would not see the pin in the work tree; clear \
                    it with `git update-index --no-\(flag) \(file)`
                    """
            )
        }
        let oldIndex = try entry.blob == ObjectID.hash(of: base) ? base : repository.readBlob(entry.blob)
        guard
            let newIndex = try oldIndex == base
                ? pinned : Repository.mergeFile(base: base, ours: oldIndex, theirs: pinned)
        else {
            throw CheckoutRefusal(
                description:
                    """
                    your staged changes to \(app.path)/\(file) touch the lines the pin rewrites; commit or \
                    unstage them (`git restore --staged \(file)`) first
                    """
            )
        }
        let path = URL(fileURLWithPath: root).appendingPathComponent(file)
        let attributes = try? FileManager.default.attributesOfItem(atPath: path.path)
        guard let attributes, attributes[.type] as? FileAttributeType == .typeRegular,
            let oldWorkTree = FileManager.default.contents(atPath: path.path)
        else {
            throw CheckoutRefusal(
                description:
                    """
                    \(app.path)/\(file) is missing from the work tree or is not a regular file; restore it (`git \
                    restore \(file)`) first
                    """
            )
        }
        // Compare and merge in the form git stores, so CRLF work trees (core.autocrlf, eol=crlf) are not edits.
        let cleanWorkTree = try repository.filtered(oldWorkTree, path: file, toWorkTree: false)
        let merged: Data?
        if cleanWorkTree == base {
            merged = pinned
        } else if cleanWorkTree == oldIndex {
            merged = newIndex
        } else {
            merged = try Repository.mergeFile(base: base, ours: cleanWorkTree, theirs: pinned)
        }
        guard let merged else {
            throw CheckoutRefusal(
                description:
                    """
                    your uncommitted edits to \(app.path)/\(file) touch the lines the pin rewrites; commit or \
                    stash them first
                    """
            )
        }
        return .follow(
            CheckoutUpdate(
                file: file, indexBlob: entry.blob, oldIndex: oldIndex, newIndex: newIndex,
                oldWorkTree: oldWorkTree, newWorkTree: try repository.filtered(merged, path: file, toWorkTree: true),
                workTreeMatchesIndex: merged == newIndex,
                keepsEdits: cleanWorkTree != base || oldIndex != base))
    }

    /// Refuses a checkout in the middle of a rebase, merge, cherry-pick, revert or `git am`: moving its branch
    /// under it would lose the pin or break the operation (a rebase detaches HEAD, so this comes first).
    static func requireNoOperation(_ repository: Repository, app: App) throws {
        guard let operation = repository.operationInProgress else { return }
        throw CheckoutRefusal(
            description: "\(app.name) (\(app.path)) is in the middle of \(operation); finish or abort it first")
    }

    /// Stages and writes the pinned file, before the branch moves: a crash after this leaves the pin staged (a
    /// rerun completes it), never a checkout that reverts it. Undoes its own index change when the work tree
    /// cannot be written, so everything is as it was.
    static func apply(_ update: CheckoutUpdate, to repository: Repository) throws {
        guard let root = repository.workDirectory else { return }
        let path = URL(fileURLWithPath: root).appendingPathComponent(update.file)
        try repository.replaceIndexEntry(update.file, expected: update.indexBlob, contents: update.newIndex)
        do {
            guard FileManager.default.contents(atPath: path.path) == update.oldWorkTree else {
                throw CheckoutRefusal(description: "\(path.path) changed while the pin was being applied")
            }
            try replaceFile(at: path, with: update.newWorkTree)
        } catch {
            try? repository.replaceIndexEntry(
                update.file, expected: ObjectID.hash(of: update.newIndex), contents: update.oldIndex)
            throw error
        }
        // Same content in index and work tree: stage the file itself so git's cached stat data is fresh.
        if update.workTreeMatchesIndex { try? repository.stageWorkTreeFile(update.file) }
    }

    /// Takes back `apply` when the pin commit could not be made: each of the file and the index entry is
    /// restored only while it still holds what `apply` wrote, so nothing done meanwhile is overwritten.
    static func undo(_ update: CheckoutUpdate, in repository: Repository) {
        guard let root = repository.workDirectory else { return }
        let path = URL(fileURLWithPath: root).appendingPathComponent(update.file)
        if FileManager.default.contents(atPath: path.path) == update.newWorkTree {
            try? replaceFile(at: path, with: update.oldWorkTree)
        }
        try? repository.replaceIndexEntry(
            update.file, expected: ObjectID.hash(of: update.newIndex), contents: update.oldIndex)
    }

    /// Writes `data` through a temporary file and a rename, keeping the file's permissions.
    static func replaceFile(at path: URL, with data: Data) throws {
        let permissions =
            (try? FileManager.default.attributesOfItem(atPath: path.path))?[.posixPermissions] as? NSNumber
        let temporary = path.deletingLastPathComponent().appendingPathComponent(
            ".\(path.lastPathComponent).lockstep-\(getpid())")
        try data.write(to: temporary)
        if let permissions {
            try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
        }
        guard rename(temporary.path, path.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CheckoutRefusal(description: "cannot write \(path.path): \(reason)")
        }
    }
}
