// The C header used from C++: it must compile cleanly as C++ and keep C linkage.
// CI compiles it with c++ -std=c++17 -Wall -Wextra -Werror, links it and runs it.
#include <hitindex.h>

#include <type_traits>

static_assert(std::is_standard_layout<hi_view>::value, "hi_view is a plain C struct");
static_assert(sizeof(hi_view) == 8, "slot and generation, 32 bits each");
static_assert(sizeof(hi_hit) == 16, "a handle and a 64-bit user value");
static_assert(HI_ABI_VERSION == 1u, "this check is written against ABI 1");

int main() {
    hi_world *world = nullptr;
    hi_status status = hi_world_load_scene(nullptr, &world);
    return status == HI_ERROR_NULL ? 0 : 1;
}
