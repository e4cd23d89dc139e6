import Foundation
import Paywall
import TerminalUI

/// Runs rehearsals: each on a store of its own, the paywall headless, every step finished
/// (and every store event delivered) before the next begins.
public struct RehearsalRunner: Sendable {
    /// Something that watches a rehearsal as it runs (`--play` draws each frame).
    public struct Observer: Sendable {
        /// Before a step runs.
        public var willRun: @Sendable (RehearsalStep) async -> Void
        /// After a step ran, with the paywall's frame if it has started.
        public var didRun: @Sendable (RehearsalStep, Frame?) async -> Void
        /// Asked before each step: true stops the run there (`q` in `--play`).
        public var shouldStop: @Sendable () async -> Bool

        public init(
            willRun: @escaping @Sendable (RehearsalStep) async -> Void,
            didRun: @escaping @Sendable (RehearsalStep, Frame?) async -> Void,
            shouldStop: @escaping @Sendable () async -> Bool = { false }
        ) {
            self.willRun = willRun
            self.didRun = didRun
            self.shouldStop = shouldStop
        }
    }

    public var environment: RehearsalEnvironment
    public var observer: Observer?

    public init(environment: RehearsalEnvironment, observer: Observer? = nil) {
        self.environment = environment
        self.observer = observer
    }

    /// Runs one rehearsal to its end or its first failure.
    public func run(_ script: RehearsalScript) async -> RehearsalResult {
        let started = ContinuousClock.now
        let session = RehearsalSession(environment: environment, script: script)
        var result = RehearsalResult(path: script.path, name: script.name, steps: 0)
        for (index, step) in script.steps.enumerated() {
            await observer?.willRun(step)
            if await observer?.shouldStop() == true {
                result.stoppedAt = step
                break
            }
            do {
                try await session.run(
                    step, next: index + 1 < script.steps.count ? script.steps[index + 1] : nil)
            } catch {
                result.failures.append(await failure(error, at: step, in: session))
                // An expectation that does not hold leaves the store and the screen as they
                // were, so the rest still say something: go on and report them all. Any other
                // step that fails leaves nothing sound to go on from.
                guard case .expect = step.command else { break }
                if step.command.isStep { result.steps += 1 }
                continue
            }
            if step.command.isStep { result.steps += 1 }
            // A rehearsal rarely waits for anything: let other tasks of the process have the
            // thread between steps, as a long loop on the cooperative pool should.
            await Task.yield()
            await observer?.didRun(step, session.frame)
        }
        await session.close()
        result.screenshots = session.screenshots
        result.transcript = session.transcript
        result.coverage = session.coverage
        result.storeSteps = session.storeSteps
        result.duration = started.duration(to: .now)
        return result
    }

    /// The failure of `step`: the message, the screen unless a store step failed (its error
    /// says what happened; a screen would bury it), and with `--screenshots` the screen saved.
    private func failure(_ error: any Error, at step: RehearsalStep, in session: RehearsalSession) async
        -> RehearsalFailure
    {
        let message = (error as? StepFailure)?.message ?? "\(error)"
        var failure = RehearsalFailure(file: step.file, line: step.line, text: step.text, message: message)
        if case .store = step.command { return failure }
        failure.screen = await session.screenAtFailure()
        do {
            failure.screenshot = try session.saveFailureScreenshot(line: step.line)
        } catch {
            failure.message += "; the screenshot of it was not saved: \(error)"
        }
        return failure
    }
}
