import Foundation
import LockstepCore

extension DemoCommand {
    /// What the demo says before a story's edits and after integrate refused them.
    static func words(for story: DemoStory) -> (headline: String, refused: String) {
        if story.fixture == DemoStory.objectiveC.fixture {
            return (
                "An Objective-C protocol gains a @required method; its class forgets it. As a developer would, the "
                    + "demo commits:",
                """
                Nothing was built, tagged or pinned. Shipping requires ShippingProtocols 1.1 now, but \
                FlatRateShippingService lacks
                -estimatedDaysToCountry:speed:, so the app would crash ("unrecognized selector sent to instance") \
                the first time
                checkout asks for a delivery date. Once the class implements it, `lockstep integrate ShippingProtocols \
                Shipping`
                releases both.
                """
            )
        }
        return (
            "A protocol set gains a requirement. As a developer would, the demo commits:",
            """
            Nothing was built, tagged or pinned. The shell and Detail must admit the 0.2 line first (the help lines \
            say how), then `lockstep integrate CartProtocols Cart` releases the protocol set and its implementation \
            together.
            """
        )
    }

    /// A story (DemoStory) in its world: the edits, `bump` of each candidate (with its level and reason), and
    /// `integrate` of them all, refused by the rules. As text, or collected for JSON (the step lines then go to
    /// stderr).
    static func showStory(_ story: DemoStory, _ demo: DemoWorkspace, console: Console, text: Bool) async throws
        -> DemoStoryJSON
    {
        let style = console.style
        let say: (String) -> Void = { text ? console.line($0) : console.error($0) }
        let config = try DemoWorkspace.config(of: demo.folder(of: story))
        let words = words(for: story)
        say(style.bold(words.headline))
        let edits = try demo.applyEdits(of: story, environment: console.environment)
        for edit in edits { say("  \(edit.repo) \(String(edit.commit.prefix(7))): \(edit.message)") }
        var bumps: [BumpJSON] = []
        for component in story.candidates {
            say("")
            say(style.bold("$ lockstep bump \(component)"))
            let plan = try Bumper.bump(component, requested: nil, dryRun: false, snapshot: SnapshotLoader.load(config))
            say("\(plan.summary) tagged at \(plan.commit.short)")
            bumps.append(BumpJSON(plan, dryRun: false))
        }
        say("")
        say(style.bold("$ lockstep integrate \(story.candidates.joined(separator: " "))"))
        let display = ProgressDisplay(console: console, linesToStderr: !text)
        let integrator = Integrator(config: config, options: options(console)) { display.show($0) }
        var refusal: String?
        do {
            _ = try await IntegrationRun.integrate(
                story.candidates, with: integrator, display: display, console: console)
        } catch let failure as CommandFailure where failure.code == 1 {
            refusal = failure.message
            say(failure.message)
        }
        say("")
        say(refusal == nil ? "Released both." : words.refused)
        return DemoStoryJSON(edits: edits, bumps: bumps, refusal: refusal)
    }
}
