import XCTest
import Mediator

private protocol Greeter {
    func greet(_ name: String) -> String
}

private struct EnglishGreeter: Greeter {
    func greet(_ name: String) -> String { "Hello, \(name)" }
}

private struct FrenchGreeter: Greeter {
    func greet(_ name: String) -> String { "Bonjour, \(name)" }
}

private protocol Welcome {
    var text: String { get }
}

private struct GreeterWelcome: Welcome {
    let text: String
}

private enum GreeterModule: ModuleRegistration {
    static func register(in mediator: Mediator) {
        mediator.register(Greeter.self) { EnglishGreeter() }
    }
}

final class MediatorTests: XCTestCase {
    func testResolvesWhatAModuleRegistered() {
        let mediator = Mediator()
        mediator.register(modules: [GreeterModule.self])

        XCTAssertTrue(mediator.isRegistered(Greeter.self))
        XCTAssertEqual(mediator.resolve(Greeter.self)?.greet("Ada"), "Hello, Ada")
    }

    func testUnknownServiceResolvesToNil() {
        XCTAssertNil(Mediator().resolve(Greeter.self))
    }

    func testLaterRegistrationWins() {
        let mediator = Mediator()
        mediator.register(Greeter.self) { EnglishGreeter() }
        mediator.register(Greeter.self) { FrenchGreeter() }

        XCTAssertEqual(mediator.resolve(Greeter.self)?.greet("Ada"), "Bonjour, Ada")
    }

    func testRemoveAll() {
        let mediator = Mediator()
        mediator.register(modules: [GreeterModule.self])
        mediator.removeAll()

        XCTAssertNil(mediator.resolve(Greeter.self))
    }

    func testFactoryCanResolveItsDependencies() {
        // 1.0.0 ran factories under the registry lock, so this deadlocked.
        let mediator = Mediator()
        mediator.register(Greeter.self) { EnglishGreeter() }
        mediator.register(Welcome.self) {
            GreeterWelcome(text: mediator.resolve(Greeter.self)?.greet("team") ?? "")
        }

        XCTAssertEqual(mediator.resolve(Welcome.self)?.text, "Hello, team")
    }
}
