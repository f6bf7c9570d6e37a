import HitIndex
import HitIndexReference
import Testing

@Suite struct SmokeTests {
    @Test func seed000FirstTapLandsOnSubView3() throws {
        let scene = try SceneReaderShim.read(TestSupport.example("seed000.json"))
        #expect(ReferenceHitTester().hitTest(scene, at: Point(x: 220, y: 193))?.id == "SubView3")
    }
}

import HitIndexSceneFormat
enum SceneReaderShim {
    static func read(_ path: String) throws -> Scene { try SceneReader.read(contentsOfFile: path) }
}
