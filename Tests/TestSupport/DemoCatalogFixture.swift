import Catalog

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The demo catalog as tests use it: the folder in this checkout (`Resources/demo` under the
/// package root found from this file's path, so no build folder is assumed), a transport over
/// it, and an iTunes catalog on that transport.
public enum DemoCatalogFixture {
    /// The demo catalog's folder (holding `catalog.json` and the preview audio).
    public static let folder: String = Fixtures.packageRoot + "/Resources/demo"

    /// A transport serving the demo folder; throws when the folder cannot be read.
    public static func transport() throws -> DemoCatalogTransport {
        try DemoCatalogTransport(folder: folder)
    }

    /// Every result object of the committed `catalog.json`, in file order; throws when the file
    /// cannot be read or decoded.
    public static func entries() throws -> [DemoCatalogEntry] {
        guard let bytes = Shell.readFile(folder + "/catalog.json") else {
            throw Unreadable(path: folder + "/catalog.json")
        }
        return try JSONDecoder().decode([DemoCatalogEntry].self, from: Data(bytes))
    }

    /// An iTunes catalog answering from the demo folder, as `segue --demo` runs it.
    public static func catalog() throws -> ITunesCatalog {
        ITunesCatalog(transport: try transport(), settings: CatalogSettings(baseURL: "demo://x"))
    }

    /// The demo catalog's file could not be read.
    public struct Unreadable: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "The demo catalog \(path) cannot be read." }
    }
}
