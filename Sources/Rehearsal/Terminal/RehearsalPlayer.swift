import CommandLineOptions
import Foundation
import Paywall
import TerminalCurses
import TerminalUI

/// `kiosk rehearse --play`: a rehearsal shown to people in the real terminal. The paywall as the
/// rehearsal drives it, and a caption line at the bottom naming each step (keys appear as they
/// are pressed); `wait` pauses, space pauses and resumes, `n` runs one step while paused, `q`
/// stops. It runs the same steps as a headless run, only slower.
public struct RehearsalPlayer {
    public var environment: RehearsalEnvironment
    public var pace: Duration
    /// `--record FILE.cast`: the performance as an asciicast, a marker per caption and step.
    public var castPath: String?

    public init(environment: RehearsalEnvironment, pace: Duration, castPath: String?) {
        self.environment = environment
        self.pace = pace
        self.castPath = castPath
    }

    public func play(_ scripts: [RehearsalScript]) async throws -> ExitCode {
        let screen: PlayScreen
        let castPath = self.castPath
        do {
            screen = try await MainActor.run { try PlayScreen(recordingTo: castPath) }
        } catch {
            throw CommandFailure("kiosk rehearse --play: \(error)", exit: .failure)
        }
        let pace = self.pace
        var environment = self.environment
        let size = await MainActor.run { screen.size }
        environment.paywallSize = Size(columns: size.columns, rows: max(1, size.rows - 1))
        let observer = RehearsalRunner.Observer(
            willRun: { step in await screen.show(step: step, pace: pace) },
            didRun: { _, frame in await screen.show(frame: frame) },
            shouldStop: { await screen.isStopped })
        var results: [RehearsalResult] = []
        for script in scripts {
            await MainActor.run { screen.mainFile = script.path }
            let result = await RehearsalRunner(environment: environment, observer: observer).run(script)
            results.append(result)
            if await screen.isStopped { break }
            // The audience sees a failure where it happened, until a key is pressed.
            if let failure = result.failure { await screen.show(failure: failure) }
        }
        await MainActor.run { screen.end() }
        let report = RehearsalReport(results: results)
        Console.print(report.text())
        return report.failed == 0 ? .success : .failure
    }
}

/// The terminal while a rehearsal plays; on the main thread, as curses wants.
@MainActor
final class PlayScreen {
    private let terminal: any TerminalBackend
    /// The same terminal when the performance is recorded, for its markers.
    private let recording: RecordingTerminal<CursesTerminal>?
    private var frame: Buffer?
    /// The last `caption` line: what the audience is watching.
    private var title = ""
    /// The step running now, keys as they are pressed.
    private var caption = ""
    private var isPaused = false
    private(set) var isStopped = false
    /// The rehearsal playing: steps from a file it includes (a preamble's set-up) run unseen.
    var mainFile = ""
    /// A failure on the caption line, drawn in the error colours.
    private var failureText: String?

    init(recordingTo castPath: String? = nil) throws {
        let curses = try CursesTerminal()
        guard let castPath else {
            terminal = curses
            recording = nil
            return
        }
        do {
            let recording = try RecordingTerminal(curses, path: castPath)
            self.recording = recording
            terminal = recording
        } catch {
            curses.end()
            throw error
        }
    }

    func end() { terminal.end() }

    var size: Size { terminal.size }

    /// Names the step on the caption line, then waits: the pace, a `wait`'s own time, or while
    /// paused until space or `n`.
    func show(step: RehearsalStep, pace: Duration) async {
        guard !isStopped, step.file == mainFile else { return }
        switch step.command {
        case .caption(let text):
            title = text
            caption = ""
        case .press: caption = "⌨ " + step.text.dropFirst("press ".count)
        default: caption = step.text
        }
        recording?.mark([title, caption].filter { !$0.isEmpty }.joined(separator: " › "))
        redraw()
        var remaining: Duration = pace
        if case .wait(let duration) = step.command { remaining = duration }
        if case .expect = step.command { remaining = pace / 2 }
        let deadline = ContinuousClock.now + remaining
        while !isStopped {
            let left = ContinuousClock.now.duration(to: deadline)
            guard isPaused || left > .zero else { return }
            let wait =
                isPaused
                ? 200
                : max(
                    1,
                    Int32(
                        left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            switch terminal.readKey(timeoutMilliseconds: min(wait, 200)) {
            case .character(" "):
                isPaused.toggle()
                redraw()
            case .character("n") where isPaused: return
            case .character("q"), .ctrl("c"), .escape: isStopped = true
            default: break
            }
        }
    }

    /// The failure on the caption line, until any key (`q` stops what is left).
    func show(failure: RehearsalFailure) async {
        let file = (failure.file as NSString).lastPathComponent
        failureText = "✗ \(file):\(failure.line): \(failure.message)"
        redraw()
        while !isStopped {
            switch terminal.readKey(timeoutMilliseconds: 200) {
            case nil: continue
            case .character("q"), .ctrl("c"): isStopped = true
            default:
                failureText = nil
                return
            }
        }
    }

    func show(frame: Frame?) {
        if let frame { self.frame = frame.buffer }
        redraw()
    }

    private func redraw() {
        let size = terminal.size
        var buffer = Buffer(size: size)
        if let frame {
            for y in 0..<min(size.rows - 1, frame.size.rows) {
                for x in 0..<min(size.columns, frame.size.columns) { buffer[x, y] = frame[x, y] }
            }
        }
        let state = isPaused ? "  [paused: space resumes, n steps]" : "  [space pauses, q stops]"
        let hint = "  [any key goes on]"
        // A failure keeps its hint in view: the message is what gets cut.
        let line =
            failureText.map { String($0.prefix(max(0, size.columns - 1 - hint.count))) + hint }
            ?? ([title, caption].filter { !$0.isEmpty }.joined(separator: "  ›  ") + state)
        buffer.write(
            String((" " + line).prefix(size.columns)).padding(
                toLength: size.columns, withPad: " ", startingAt: 0),
            x: 0, y: size.rows - 1,
            style: failureText == nil
                ? Style(reverse: true) : Style(foreground: .indexed(15), background: .indexed(1), bold: true))
        terminal.draw(buffer)
    }
}
