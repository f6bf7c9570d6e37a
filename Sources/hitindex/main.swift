import Foundation
import HitIndexCLI

exit(HitIndexCommand.run(Array(CommandLine.arguments.dropFirst()), console: .standard()))
