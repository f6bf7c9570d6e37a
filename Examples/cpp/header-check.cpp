// The C header used from C++: it must compile cleanly as C++ and keep C linkage.
// CI compiles it with c++ -std=c++17 -Wall -Wextra -Werror, links it and runs it.
#include <hitindex.h>

#include <cstddef>
#include <type_traits>

static_assert(HI_ABI_VERSION == 2u, "this check is written against ABI 2");

// The layouts ABI 2 promises (.ci/abi/hitindex.abi records every offset).
static_assert(std::is_standard_layout<hi_view>::value, "hi_view is a plain C struct");
static_assert(sizeof(hi_view) == 12 && alignof(hi_view) == 4, "slot, generation and world, 32 bits each");
static_assert(offsetof(hi_view, world) == 8, "the world's tag after slot and generation");
static_assert(sizeof(hi_hit) == 24 && offsetof(hi_hit, user_value) == 16, "a handle and a 64-bit user value");
static_assert(sizeof(hi_position) == 32 && offsetof(hi_position, sibling) == 16, "place, index, sibling");
static_assert(sizeof(hi_explain_item) == 56 && offsetof(hi_explain_item, ancestor) == 40, "an explanation's item");
static_assert(sizeof(hi_view_def) == 272, "a view definition, superview and redirect handles at its end");
static_assert(offsetof(hi_view_def, superview) == 248 && offsetof(hi_view_def, redirect) == 260,
              "the handles hi_world_get_attributes fills in");

// The new calls keep C linkage and the signatures of the header (a mismatch fails to compile).
static hi_status (*const loaded_view)(const hi_world *, size_t, hi_view *) = hi_world_loaded_view;
static hi_status (*const subviews)(const hi_world *, hi_view, hi_view *, size_t, size_t *) = hi_world_subviews;
static hi_status (*const snapshot_windows)(const hi_snapshot *, hi_view *, size_t, size_t *) = hi_snapshot_windows;
static hi_status (*const remove_reporting)(hi_world *, hi_view, hi_removed_visitor, void *) =
    hi_world_remove_view_reporting;

int main() {
    if (hi_abi_version() != HI_ABI_VERSION) return 1;
    hi_world *world = nullptr;
    if (hi_world_load_scene(nullptr, &world) != HI_ERROR_NULL) return 1;
    // Each refuses a NULL world without touching its output.
    hi_view view = {7, 7, 7};
    size_t count = 5;
    if (loaded_view(nullptr, 0, &view) != HI_ERROR_NULL || view.slot != 7) return 1;
    if (subviews(nullptr, view, nullptr, 0, &count) != HI_ERROR_NULL || count != 5) return 1;
    if (snapshot_windows(nullptr, nullptr, 0, &count) != HI_ERROR_NULL || count != 5) return 1;
    if (remove_reporting(nullptr, view, nullptr, nullptr) != HI_ERROR_NULL) return 1;
    uint64_t version = 9;
    if (hi_world_version(nullptr, &version) != HI_ERROR_NULL || version != 9) return 1;
    return 0;
}
