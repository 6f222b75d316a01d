import Terminal

/// Turns a picture's bytes into cells for a box. The UI's composition root gives one built on
/// the Artwork module; tests give fakes.
public protocol CoverRendering: Sendable {
    /// The bytes (JPEG, PNG) of `picture` (any stable name for it) as cells fitting `box` at
    /// `depth`, or a sentence saying why not.
    func cells(of bytes: [UInt8], picture: String, box: CoverBox, depth: TerminalGraphics.Depth) -> Result<CoverCells, CoverFailure>

    /// The cells rendered earlier for `picture` in `box` at `depth`, if still kept: no bytes
    /// need be read for them.
    func cachedCells(picture: String, box: CoverBox, depth: TerminalGraphics.Depth) -> CoverCells?

    /// The bytes of `picture` as a `graphics`-protocol picture fitting `box` (`CoverCells.graphic`),
    /// or a sentence saying why not (the loader then falls back to cells).
    func graphic(of bytes: [UInt8], picture: String, box: CoverBox, graphics: CoverGraphics) -> Result<CoverCells, CoverFailure>

    /// The protocol picture made earlier for `picture` in `box`, if still kept.
    func cachedGraphic(picture: String, box: CoverBox, graphics: CoverGraphics) -> CoverCells?
}

extension CoverRendering {
    /// Nothing is kept.
    public func cachedCells(picture: String, box: CoverBox, depth: TerminalGraphics.Depth) -> CoverCells? { nil }

    /// No protocol pictures: the loader draws cells.
    public func graphic(of bytes: [UInt8], picture: String, box: CoverBox, graphics: CoverGraphics) -> Result<CoverCells, CoverFailure> {
        .failure(CoverFailure("This renderer draws cells only."))
    }

    /// Nothing is kept.
    public func cachedGraphic(picture: String, box: CoverBox, graphics: CoverGraphics) -> CoverCells? { nil }
}

/// Why a cover could not be shown: a sentence.
public struct CoverFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence.
    public var description: String

    /// A failure saying `description`.
    public init(_ description: String) { self.description = description }
}

/// A renderer that draws nothing: every cover is the placeholder. (Stands in where no picture
/// library is wired.)
public struct NoCoverRenderer: CoverRendering {
    /// The renderer.
    public init() {}

    /// Always the sentence that covers cannot be drawn here.
    public func cells(of bytes: [UInt8], picture: String, box: CoverBox, depth: TerminalGraphics.Depth) -> Result<CoverCells, CoverFailure>
    {
        .failure(CoverFailure("Covers cannot be drawn in this build."))
    }
}
