import ForcePadCore
import MallocInterposerSwift
import Testing

@Suite(.serialized) struct PipelineAllocationTests {
    @Test func interposerSeesAllocations() {
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        var values: [Int] = []
        for value in 0..<100 { values.append(value) }
        MallocInterposerSwift.unhook()
        #expect(MallocInterposerSwift.getStatistics().mallocCount > 0)
        #expect(values.count == 100)
    }
}
