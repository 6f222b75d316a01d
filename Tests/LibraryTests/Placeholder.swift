import Testing
@Test func libraryPlaceholder() {}
