import Foundation
import Simulator
import StoreCore
import TerminalUI

/// The report as one self-contained HTML page: inline CSS, no scripts, nothing fetched.
extension QAReport {
    public var html: String {
        var body = """
            <header id="summary">
            <h1>\(Markup.escapeXML(title))</h1>
            <dl>
            <dt>State</dt><dd><code>\(Markup.escapeXML(stateDirectory))</code></dd>
            <dt>Covers</dt><dd>\(Markup.escapeXML(filterDescription)): \(steps.count) steps</dd>
            <dt>Root certificate</dt><dd><code>SHA-256 \(Markup.escapeXML(rootFingerprint))</code></dd>
            <dt>Generated</dt><dd>\(JournalTime.text(generatedAt)) UTC</dd>
            <dt>Signed payloads</dt><dd>each transaction as the ledger signs it now, checked against the root above</dd>
            </dl>
            \(summaryHTML)</header>
            <section id="timeline">
            <h2>Timeline</h2>
            <table>
            <thead><tr><th>#</th><th>Wall time (UTC)</th><th>Store clock</th><th>From</th><th>Account</th><th>Action</th><th>Result</th><th>Notifications</th></tr></thead>
            <tbody>

            """
        for step in steps {
            let entry = step.entry
            body += "<tr><td><a href=\"#step-\(entry.sequence)\">\(entry.sequence)</a></td>"
            body +=
                "<td>\(JournalTime.text(entry.wallTime))</td><td>\(JournalTime.text(entry.storeTime))</td>"
            body +=
                "<td>\(Markup.escapeXML(Self.origin(entry)))</td><td>\(Markup.escapeXML(entry.account.rawValue))</td>"
            body += "<td>\(Markup.escapeXML(entry.action))</td><td>\(Markup.escapeXML(entry.result))</td>"
            body +=
                "<td>\(Markup.escapeXML(entry.notifications.map(Self.name).joined(separator: ", ")))</td></tr>\n"
        }
        body += "</tbody>\n</table>\n</section>\n"
        body += timelinesHTML
        body += "<section id=\"steps\">\n<h2>Steps</h2>\n"
        for step in steps { body += Self.html(step) }
        body += "</section>\n"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(Markup.escapeXML(title))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// The summary's lines as a list (`QAReport+Summary`), the state's text escaped.
    private var summaryHTML: String {
        guard summary != nil else { return "" }
        let items = summaryItems.map { line -> String in
            let text = line.parts.map { part in
                switch part {
                case .words(let text), .text(let text), .code(let text): Markup.escapeXML(text)
                }
            }.joined()
            return line.isNested ? "<li class=\"nested\">\(text)</li>" : "<li>\(text)</li>"
        }
        return "<h2>Summary</h2>\n<ul id=\"summary-list\">\n" + items.joined(separator: "\n") + "\n</ul>\n"
    }

    private static func html(_ step: Step) -> String {
        let entry = step.entry
        var text = "<article class=\"step\" id=\"step-\(entry.sequence)\">\n"
        text += "<h3>\(entry.sequence). \(Markup.escapeXML(entry.action))</h3>\n"
        text += "<p class=\"meta\">\(JournalTime.text(entry.wallTime)) UTC · store clock "
        text += "\(JournalTime.text(entry.storeTime)) · \(Markup.escapeXML(origin(entry))) · session "
        text +=
            "<code>\(Markup.escapeXML(entry.session))</code> · account \(Markup.escapeXML(entry.account.rawValue))</p>\n"
        text += "<p class=\"result\">Result: <strong>\(Markup.escapeXML(entry.result))</strong></p>\n"
        if !entry.notifications.isEmpty {
            text += "<h4>Notifications</h4>\n<ul class=\"notifications\">\n"
            for notification in entry.notifications {
                text += "<li>\(Markup.escapeXML(name(notification)))"
                let attempts = step.attempts[notification.sequence] ?? []
                text +=
                    attempts.isEmpty
                    ? " <span class=\"muted\">no delivery attempt (no webhook, or not yet due)</span>"
                    : "<ul>" + attempts.map { "<li>\(Markup.escapeXML(describe($0)))</li>" }.joined()
                        + "</ul>"
                text += "</li>\n"
            }
            text += "</ul>\n"
        }
        for payload in step.payloads {
            let verdict = payload.problem.map { "not verified: " + $0 } ?? "verified against the state's root"
            text += "<h4>Signed transaction \(payload.transactionID) "
            text +=
                "<span class=\"\(payload.problem == nil ? "ok" : "bad")\">\(Markup.escapeXML(verdict))</span></h4>\n"
            text += "<pre class=\"payload\">\(Markup.escapeXML(payload.json))</pre>\n"
        }
        let heading = "<h4>Screen (\(Markup.escapeXML(entry.screen ?? "paywall")))</h4>\n"
        switch picture(of: entry) {
        case .text(let screen):
            text += heading + "<pre class=\"screen\">\(Markup.escapeXML(screen))</pre>\n"
        case .screen(let buffer):
            let title = "The paywall at step \(entry.sequence)"
            text +=
                heading + "<div class=\"picture\">\(ScreenExport(buffer, title: title).render(.svg))</div>\n"
        case nil: break
        }
        return text + "</article>\n"
    }

    /// The timelines section: each subscription's history as an inline SVG.
    private var timelinesHTML: String {
        var text = "<section id=\"subscriptions\">\n<h2>Subscription timelines</h2>\n"
        if let timelineProblem {
            text += "<p class=\"muted\">Not drawn: \(Markup.escapeXML(timelineProblem))</p>\n"
        }
        if timelines.isEmpty && timelineProblem == nil {
            text += "<p class=\"muted\">No subscriptions in what the report covers.</p>\n"
        }
        for timeline in timelines {
            let title = "\(timeline.account) · \(timeline.productName) · group \(timeline.groupID)"
            text += "<article class=\"timeline\">\n<h3>\(Markup.escapeXML(title))</h3>\n"
            text +=
                "<div class=\"picture\">\(ScreenExport(timeline.screen, palette: timeline.palette, title: title).render(.svg))</div>\n"
            text += "</article>\n"
        }
        return text + "</section>\n"
    }

    /// "paywall · transaction-manager", "cli".
    public static func origin(_ entry: JournalEntry) -> String {
        entry.source.rawValue + (entry.screen.map { " · " + $0 } ?? "")
    }

    private static let style = """
        body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:72em;padding:0 1em;color:#1d1d1f;background:#fff}
        h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em}
        dl{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}dt{font-weight:600}dd{margin:0}
        table{border-collapse:collapse;width:100%}td{overflow-wrap:anywhere}td:first-child{white-space:nowrap}th,td{border:1px solid #ddd;padding:.3em .5em;text-align:left;vertical-align:top}
        th{background:#f3f3f5}.step{border:1px solid #ddd;border-radius:8px;padding:.2em 1em 1em;margin:1em 0}
        .meta,.muted{color:#666}.ok{color:#1a7f37;font-weight:normal}.bad{color:#c62828;font-weight:normal}
        pre{background:#f6f8fa;border:1px solid #e1e4e8;padding:.6em;overflow-x:auto;font:12px/1.3 ui-monospace,monospace}
        pre.screen{background:#111;color:#eee;display:inline-block}
        .picture svg{max-width:100%;height:auto;display:block}
        """
}
