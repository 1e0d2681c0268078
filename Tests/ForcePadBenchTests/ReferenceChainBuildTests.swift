import Testing

@testable import forcepad_bench

@Suite struct ReferenceChainBuildTests {
    @Test func arm64ChainsAreBuiltTheCompetentWayForTheirSysroot() {
        let compilers = ReferenceChainBuild.arm64Compilers(sysroot: "/cache/sysroot/trixie-arm64")
        #expect(compilers.map(\.command).first == "aarch64-linux-gnu-gcc")
        #expect(compilers.map(\.flags).first == ["-O3"])
        #expect(compilers.last?.command == ReferenceChainBuild.compilers.last?.command)
        #expect(compilers.last?.flags == ["-O2", "--target=aarch64-linux-gnu", "--sysroot=/cache/sysroot/trixie-arm64", "-fuse-ld=lld"])
    }

    @Test func everyBuildHasItsOwnProgramName() {
        let names = (ReferenceChainBuild.compilers + ReferenceChainBuild.arm64Compilers(sysroot: "/s")).map { $0.name.filter { $0 != " " } }
        #expect(Set(names).count == names.count)
    }
}
