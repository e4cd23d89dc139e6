import Catalog
import Foundation
import HTTP
import Rehearsal
import Signing
import Simulator
import StoreCore
import StoreServer
import TerminalUI
import Testing
import kiosk

/// `kiosk rehearse` and `kiosk lint` on rehearsal files: exit codes, JUnit, a server's store.
@Suite final class RehearseCommandTests: Sendable {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rehearse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Swift Testing makes a suite instance per test: its files go when the test ends.
    deinit { try? FileManager.default.removeItem(at: folder) }

    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func exitCodesSayHowItWent() async throws {
        let pass = try write(
            "pass.rehearsal", "buy com.kiosk.lumen.lifetime\nexpect entitlement com.kiosk.lumen.lifetime\n")
        let fail = try write("fail.rehearsal", "buy com.kiosk.lumen.lifetime\nexpect no entitlements\n")
        let bad = try write("bad.rehearsal", "buy com.kiosk.lumen.lifetime --bogus\n")
        #expect(await Kiosk.run(["rehearse", pass]) == 0)
        #expect(await Kiosk.run(["rehearse", pass, fail]) == 1)
        #expect(await Kiosk.run(["rehearse", pass, bad]) == 65)
        #expect(await Kiosk.run(["rehearse"]) == 64)
        #expect(await Kiosk.run(["rehearse", folder.appendingPathComponent("missing").path]) == 66)
        #expect(await Kiosk.run(["lint", bad]) == 1)
        #expect(await Kiosk.run(["lint", pass]) == 0)
    }

    @Test func junitNamesEachRehearsalAndItsFailure() async throws {
        let pass = try write("pass.rehearsal", "buy com.kiosk.lumen.lifetime\n")
        let fail = try write("fail.rehearsal", "buy com.kiosk.lumen.lifetime\nexpect no entitlements\n")
        let junit = folder.appendingPathComponent("junit.xml").path
        #expect(await Kiosk.run(["rehearse", "--junit", junit, pass, fail]) == 1)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains(#"<testsuite name="rehearsals" tests="2" failures="1""#))
        #expect(xml.contains(#"name="pass""#) && xml.contains(#"name="fail""#))
        #expect(xml.contains("fail.rehearsal:2: expect no entitlements"))
        #expect(xml.contains("expected no entitlements, got com.kiosk.lumen.lifetime"))
    }

    @Test func screenshotsAreWrittenAsTextAndSVG() async throws {
        let file = try write("shot.rehearsal", "press down\nscreenshot first\n")
        let shots = folder.appendingPathComponent("shots").path
        #expect(await Kiosk.run(["rehearse", "--screenshots", shots, file]) == 0)
        let text = try String(contentsOfFile: shots + "/shot/first.txt", encoding: .utf8)
        #expect(text.contains("Restore Purchases"))
        let svg = try String(contentsOfFile: shots + "/shot/first.svg", encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.contains("<title>shot · first</title>"))
        #expect(svg.contains("Restore Purchases"))
    }

    /// `--store URL`: the same rehearsal against a server, its expectations holding over the wire.
    @Test func aRehearsalHoldsAgainstAServer() async throws {
        let catalog = try LoadedCatalog.load(
            contentsOf: Library.root.appendingPathComponent("catalogs/demo.storekit").path)
        let authority = try CertificateAuthority.ephemeral()
        let store = try SimulatedStore.open(
            catalog: catalog, location: .memory(signedBy: authority), frozenClock: true)
        let token = ServerToken.generate()
        let server = try StoreServer(store: store, token: token, rootCertificate: authority.root)
            .serve(HTTPServerConfiguration(host: "127.0.0.1", port: 0))
        let root = try write("root.pem", authority.root.pemRepresentation)
        let state = folder.appendingPathComponent("state").path
        let url = "http://127.0.0.1:\(server.port)"
        let library = Library.root.appendingPathComponent("rehearsals")
        let files = ["ask-to-buy-declined", "refund-revokes", "mistake-03-trusting-unverified"].map {
            library.appendingPathComponent("\($0).rehearsal").path
        }
        let junit = folder.appendingPathComponent("remote.xml").path
        let code = await Kiosk.run(
            [
                "rehearse", "--store", url, "--server-token", token, "--root", root, "--state", state,
                "--junit", junit,
            ]
                + files)
        #expect(code == 0, "\((try? String(contentsOfFile: junit, encoding: .utf8)) ?? "")")
    }
}
