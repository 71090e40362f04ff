import Foundation
import LockstepCore

private let root = URL(fileURLWithPath: "/tmp/lockstep-fuzz-workspace")

// `lockstep.yml` text: parsing must not crash, and whatever it accepts stays inside the workspace folder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size), as: UTF8.self)
    let config: WorkspaceConfig
    do {
        config = try WorkspaceConfig.parse(text, file: "lockstep.yml", root: root)
    } catch let error as ConfigError {
        check(
            error.line >= 0 && error.column >= 0 && !error.message.isEmpty, "error without place or message: \(error)")
        return 0
    } catch {
        fatalError("oracle: parse threw a non-ConfigError: \(error)")
    }
    let base = root.standardizedFileURL.path + "/"
    var names = Set<String>()
    for path in config.components.map(\.path) + config.apps.map(\.path) {
        let absolute = config.absolutePath(path).path
        check(
            absolute.hasPrefix(base) && absolute.count > base.count,
            "path `\(path)` resolves to \(absolute), outside \(base)")
    }
    for name in config.components.map(\.name) + config.apps.map(\.name) {
        check(!name.isEmpty && names.insert(name).inserted, "empty or repeated name `\(name)` accepted")
        // Names become file names (build mirrors, logs): one that walks out of its folder is not a name.
        check(
            !name.contains("/") && !name.contains("\0") && name != "." && name != "..",
            "name `\(name)` would escape the folder it is used in")
    }
    for component in config.components {
        check(config.component(named: component.name) == component, "component(named: \(component.name)) finds another")
        if let implements = component.implements {
            check(
                config.component(named: implements)?.kind == .protocols,
                "\(component.name) implements a non-protocol set")
        }
        _ = config.remoteURL(of: component.name)
    }
    return 0
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("oracle: " + message()) }
}
