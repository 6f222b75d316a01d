import Testing
@Test func sessionPlaceholder() {}
