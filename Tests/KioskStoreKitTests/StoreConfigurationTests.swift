import Foundation
import KioskStoreKit
import Simulator
import StoreCore
import Testing

extension StoreKitSessionTests {
    /// Which store a process's StoreKit calls reach without a session: its environment.
    @Suite struct StoreConfigurationTests {
        static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Lumen.storekit").path

        func reason(_ environment: [String: String]) async -> String? {
            do {
                _ = try await StoreConfiguration.fromEnvironment(environment)
                return nil
            } catch {
                return "\(error)"
            }
        }

        @Test func aCatalogAloneIsAnInProcessSimulator() async throws {
            let binding = try await StoreConfiguration.fromEnvironment(["KIOSK_CATALOG": Self.catalog])
            StoreKitRuntime.shared.install(binding)
            defer { StoreKitRuntime.shared.removeAll() }
            let products = try await Product.products(for: ["com.kiosk.lumen.lifetime"])
            guard case .success(let result) = try await products[0].purchase() else {
                Issue.record("the purchase did not succeed")
                return
            }
            #expect(try result.payloadValue.productID == "com.kiosk.lumen.lifetime")
        }

        @Test func aStateDirectoryIsJoinedAndItsStoreKeptOnDisk() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "kiosk-storekit-state-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let binding = try await StoreConfiguration.fromEnvironment([
                "KIOSK_STATE": directory.path, "KIOSK_CATALOG": Self.catalog,
            ])
            StoreKitRuntime.shared.install(binding)
            defer { StoreKitRuntime.shared.removeAll() }
            let products = try await Product.products(for: ["com.kiosk.lumen.aicredits10"])
            _ = try await products[0].purchase()
            #expect(
                FileManager.default.fileExists(atPath: directory.appendingPathComponent("ledger.sqlite").path)
            )
            #expect(
                FileManager.default.fileExists(atPath: directory.appendingPathComponent("kiosk.sock").path))
        }

        /// A second process on the state joins its owner and acts for `KIOSK_ACCOUNT`, created on
        /// the owner's store as the owner's own store would create it.
        @Test func aSecondProcessJoinsTheOwnerForItsAccount() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "kiosk-storekit-join-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let owner = try await StoreConfiguration.fromEnvironment([
                "KIOSK_STATE": directory.path, "KIOSK_CATALOG": Self.catalog,
            ])
            defer { owner.close() }
            #expect(owner.simulator != nil, "the first owns the state")
            let client = try await StoreConfiguration.fromEnvironment([
                "KIOSK_STATE": directory.path, "KIOSK_ACCOUNT": "bob",
            ])
            defer { client.close() }
            #expect(client.simulator == nil, "the second is a client")
            #expect(try await client.store.currentAccount().name == "bob")
            #expect(try await owner.simulator?.accounts().map(\.name).contains("bob") == true)
        }

        /// `KIOSK_STATE` opens a state directory as kiosk does (`StateDirectory`): a new one is made
        /// private, and one whose authority signed for a ledger that is gone is refused, not
        /// started afresh under the same root.
        @Test func aStateDirectoryIsMadePrivateAndADamagedOneRefused() async throws {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
                "kiosk-storekit-strict-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let fresh = scratch.appendingPathComponent("fresh")
            _ = await reason(["KIOSK_STATE": fresh.path])
            let mode = try FileManager.default.attributesOfItem(atPath: fresh.path)[.posixPermissions] as? Int
            #expect(mode.map { $0 & 0o777 } == 0o700)

            let damaged = scratch.appendingPathComponent("damaged")
            let layout = StateDirectoryLayout(damaged)
            try FileManager.default.createDirectory(at: layout.authority, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: layout.ledgerInUseMarker.path, contents: Data()))
            let refused = await reason(["KIOSK_STATE": damaged.path, "KIOSK_CATALOG": Self.catalog])
            #expect(refused?.contains("is damaged") == true, "\(refused ?? "opened")")
            #expect(!FileManager.default.fileExists(atPath: layout.ledger.path), "nothing started afresh")
        }

        @Test func eachMisconfigurationSaysWhatToDo() async throws {
            let noCatalog = await reason([
                "KIOSK_STATE": FileManager.default.temporaryDirectory.appendingPathComponent(
                    "kiosk-storekit-empty-\(UUID().uuidString)"
                ).path
            ])
            #expect(noCatalog?.contains("KIOSK_CATALOG is not set") == true)
            let missingFile = await reason(["KIOSK_CATALOG": "/nonexistent/App.storekit"])
            #expect(missingFile?.contains("/nonexistent/App.storekit") == true)
            let badURL = await reason(["KIOSK_STORE": "localhost:8080"])
            #expect(badURL?.contains("is not an http:// URL") == true)
            // As `--store` refuses it: kiosk serve speaks no TLS, so https would fail at the first call.
            let https = await reason(["KIOSK_STORE": "https://127.0.0.1:8080"])
            #expect(https?.contains("is not an http:// URL") == true)
            let noToken = await reason(["KIOSK_STORE": "http://127.0.0.1:9"])
            #expect(noToken?.contains("KIOSK_SERVER_TOKEN") == true)
            let nothing = await reason([:])
            #expect(nothing?.contains("SKTestSession") == true)
        }
    }
}
