import Testing
@Test func daemonPlaceholder() {}
