import Testing

@testable import forcepad_bench

@Suite struct CompetentBuildTests {
    @Test func theBuildWithFewerInstructionsIsTheCompetentOne() {
        let clangCheaper = InstructionComparison.competent([("aarch64 gcc -O3", 810.8), ("aarch64 clang -O2", 696.2)])
        #expect(clangCheaper?.compiler == "aarch64 clang -O2")
        #expect(clangCheaper?.perFrame == 696.2)
        #expect(InstructionComparison.competent([("gcc -O3", 874.1), ("clang -O2", 891.1)])?.compiler == "gcc -O3")
    }

    @Test func aTieGoesToTheFirstListed() {
        #expect(InstructionComparison.competent([("gcc -O3", 578.6), ("clang -O2", 578.6)])?.compiler == "gcc -O3")
    }

    @Test func nothingCountedHasNoCompetentBuild() {
        #expect(InstructionComparison.competent([]) == nil)
    }
}
