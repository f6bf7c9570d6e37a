/*
 * outside-client: an outside integrator's client of include/hitindex.h (issue 24), written from
 * the header alone. A seeded writer runs random transactions on a world and checks, after each
 * one, everything the header promises that a client can observe:
 *
 * - a mirror of the tree (superview, ordered subviews, windows by level then creation, ids, user
 *   values, levels, redirects) kept by the client, against the writer's reads and against the
 *   new snapshot's; hi_world_version and hi_snapshot_version; hi_world_check;
 * - hi_world_write_scene + hi_world_load_scene: the loaded world holds the same tree, ids,
 *   levels, attributes and window creation order, and answers every point of a point set
 *   (random points and points on and next to every view's edges) as the snapshot does, view for
 *   view by paint-order position (hi_world_loaded_view);
 * - rejected transactions (stale handles, handles of another world, the zero handle, NaN and
 *   other refused values, moves into the view's own subtree, duplicate and non-UTF-8 ids, bad
 *   positions): the status, HI_ERROR_REJECTED for the edits after, and a commit that undoes
 *   everything (tree, attributes, answers, the removed views' handles); discarded ones alike;
 * - held snapshots answer as they did when acquired, also after the world is destroyed;
 * - handles of removed views, once their slots are reused, are refused by every function;
 * - remove_view_reporting reports the subtree counted through hi_world_subviews, parents first,
 *   and every reported handle is stale at once;
 * - predicates (always true, so answers do not change) are released exactly once, never called
 *   after their release;
 * - reader threads acquire snapshots and hit-test while the writer commits: the same point twice
 *   gives the same answer, versions never go back, the error message is per thread.
 *
 * It ends by writing the final scene to FINAL.json and printing, for each point of the command
 * line, what `hitindex query` prints (the id, #slot.generation or nil), so that CI diffs it with
 * `hitindex query --engine reference FINAL.json POINTS...`. With --edge-points=FILE it also writes
 * the final state's own point set (random points and points on views' edges) to FILE and prints
 * their answers after the others, for `... POINTS... --points FILE`. A summary goes to stderr. Any
 * violation prints the seed and exits 1. The writer's run depends on the seed alone (the readers
 * draw from their own generators), so a seed replays alike under every compiler and sanitizer.
 *
 *   outside-client [--seed=N] [--frames=N] [--readers=N] [--edge-points=FILE] SCENE FINAL.json [X,Y ...]
 *   SCENE: a scene file (Examples/list.json), or "builtin" for hi_world_create definitions.
 *   Defaults: --seed=24 --frames=300 --readers=2.
 *
 * Build and run as .ci/run does (C11, pthreads, no other library; -lm is not needed):
 *   swift build -c release --product HitIndexC
 *   cc -std=c11 -Wall -Wextra -Werror -g -fsanitize=address,undefined -fno-sanitize-recover=all \
 *      -Iinclude Tests/C/outside-client.c -L.build/release -lHitIndexC \
 *      -Wl,-rpath,"$PWD/.build/release" -lpthread -o .build/c-outside
 *   .build/c-outside --edge-points=.build/c-outside.points builtin .build/c-outside.json 10,10 200,300 \
 *      > .build/c-outside.txt
 *   .build/release/hitindex query --engine reference .build/c-outside.json 10,10 200,300 \
 *      --points .build/c-outside.points | diff - .build/c-outside.txt
 * ThreadSanitizer: `swift build --sanitize=thread --product HitIndexC`, then the toolchain's clang
 * with -fsanitize=thread and the libraries .ci/run links Tests/C/threads.c with (libdispatch,
 * BlocksRuntime), and a shorter run (--frames=60) under TSAN_OPTIONS=halt_on_error=1.
 */
#include <hitindex.h>

#include <math.h> /* NAN, INFINITY, isnan, isfinite: macros, no -lm needed */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------ */
/* Failure reporting                                                                          */

static unsigned long long g_seed = 24;
static int g_frame = -1;
static const char *g_step = "setup";

static void fail(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fflush(stdout);
    fprintf(stderr, "outside-client: VIOLATION (seed %llu, frame %d, %s): ", g_seed, g_frame, g_step);
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, "\noutside-client: reproduce with --seed=%llu\n", g_seed);
    fflush(NULL);
    _Exit(1); /* no leak report after the message: the worlds are left as they were */
}

static const char *status_name(hi_status status) {
    switch (status) {
    case HI_OK: return "HI_OK";
    case HI_ERROR_NULL: return "HI_ERROR_NULL";
    case HI_ERROR_INVALID: return "HI_ERROR_INVALID";
    case HI_ERROR_STALE: return "HI_ERROR_STALE";
    case HI_ERROR_SCENE: return "HI_ERROR_SCENE";
    case HI_ERROR_REJECTED: return "HI_ERROR_REJECTED";
    case HI_ERROR_TRANSACTION: return "HI_ERROR_TRANSACTION";
    }
    return "an unknown status";
}

/* Checks a call's status; a failure must leave a message naming the function ("Messages are for
 * people: they name the function"), checked for the calls spelled hi_...(...). */
static void expect_status(hi_status want, hi_status got, const char *call, int line) {
    if (got != want) {
        fail("line %d: %s returned %s, expected %s%s%s", line, call, status_name(got), status_name(want),
             got != HI_OK ? "; message: " : "", got != HI_OK ? hi_last_error() : "");
    }
    if (want == HI_OK) return;
    const char *message = hi_last_error();
    if (message == NULL || message[0] == '\0') fail("line %d: %s failed with an empty hi_last_error()", line, call);
    if (strncmp(call, "hi_", 3) == 0) {
        char name[64];
        size_t n = strcspn(call, "(");
        if (n >= sizeof name) n = sizeof name - 1;
        memcpy(name, call, n);
        name[n] = '\0';
        if (strstr(message, name) == NULL) fail("line %d: the message of %s does not name %s: %s", line, call, name, message);
    }
}
#define OK(call) expect_status(HI_OK, (call), #call, __LINE__)
#define EXPECT(want, call) expect_status((want), (call), #call, __LINE__)

/* ------------------------------------------------------------------------------------------ */
/* Random numbers (splitmix64)                                                                */

typedef struct rng {
    uint64_t state;
} rng;

static uint64_t rnext(rng *r) {
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static uint32_t rbelow(rng *r, uint32_t n) { return n ? (uint32_t)(rnext(r) % n) : 0; }
static double runit(rng *r) { return (double)(rnext(r) >> 11) * 0x1p-53; }
static bool rchance(rng *r, double p) { return runit(r) < p; }
static double rrange(rng *r, double lo, double hi) { return lo + (hi - lo) * runit(r); }
/* Integers, quarters, and doubles with every bit used (for the scene file's round trip). */
static double rcoord(rng *r, double lo, double hi) {
    if (runit(r) < 0.004) {
        /* Rarely, values a scene file has to write exactly: signed zero, subnormal, beyond 2^53. */
        static const double special[] = {-0.0, 5e-324, 1e16, 9007199254740993.0, 0.30000000000000004, 1e300, 123456789.12345679, 2.2250738585072014e-308};
        double v = special[rnext(r) % (sizeof special / sizeof special[0])];
        return lo >= 0 && v < 0 ? -v : v;
    }
    double v = rrange(r, lo, hi);
    switch (rbelow(r, 4)) {
    case 0:
    case 1: return (double)(int64_t)v;
    case 2: return (double)(int64_t)(v * 4) / 4;
    default: return v;
    }
}
/* Several draws, in a fixed order (the order in which C evaluates an initializer's or a call's
 * operands is unspecified, and a seed must replay alike under every compiler). */
static hi_point rpoint(rng *r, double x0, double x1, double y0, double y1) {
    hi_point p;
    p.x = rcoord(r, x0, x1);
    p.y = rcoord(r, y0, y1);
    return p;
}
static double rfrom(rng *r, double p, double lo, double hi) { return rchance(r, p) ? rcoord(r, lo, hi) : 0; }

/* ------------------------------------------------------------------------------------------ */
/* Handles                                                                                     */

static const hi_view ZERO = {0, 0, 0};
static bool same(hi_view a, hi_view b) { return a.slot == b.slot && a.generation == b.generation && a.world == b.world; }
static bool is_zero(hi_view a) { return same(a, ZERO); }

/* Up to four names at once in one message. */
static const char *hname(hi_view h) {
    static char ring[4][64];
    static int next;
    char *buffer = ring[next++ & 3];
    snprintf(buffer, 64, "#%u.%u(world %u)", h.slot, h.generation, h.world);
    return buffer;
}

static uint32_t hview_hash(hi_view h) {
    uint64_t x = ((uint64_t)h.slot << 32 | h.generation) ^ ((uint64_t)h.world * 0x9E3779B97F4A7C15ull);
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    x ^= x >> 33;
    return (uint32_t)x;
}

/* ------------------------------------------------------------------------------------------ */
/* The client's mirror of the tree                                                            */

#define MAXV 32768
#define HCAP 65536 /* a power of two, at least 2 * MAXV */
#define IDCAP 160

typedef struct mview {
    hi_view h;
    int parent, first, last, prev, next; /* mirror indices, -1 for none; subviews back to front */
    bool alive, window;
    double level;
    uint64_t seq; /* windows: creation order */
    uint64_t user_value;
    hi_view redirect; /* as set; it lasts while the target lives */
    char id[IDCAP];   /* "" for none */
} mview;

typedef struct mirror {
    int n, live;
    uint64_t next_seq;
    int hash[HCAP]; /* index + 1 of the entry with that handle, 0 for none */
    mview v[MAXV];
} mirror;

static mirror mirror_a, mirror_b;
static mirror *M = &mirror_a; /* the last commit */
static mirror *T = &mirror_b; /* the open transaction */

static int mfind(const mirror *m, hi_view h) {
    for (uint32_t i = hview_hash(h) & (HCAP - 1);; i = (i + 1) & (HCAP - 1)) {
        int e = m->hash[i];
        if (e == 0) return -1;
        if (same(m->v[e - 1].h, h)) return e - 1;
    }
}
static int mlive(const mirror *m, hi_view h) {
    int i = mfind(m, h);
    return i >= 0 && m->v[i].alive ? i : -1;
}

static void mcopy(mirror *dst, const mirror *src) {
    dst->n = src->n;
    dst->live = src->live;
    dst->next_seq = src->next_seq;
    memcpy(dst->hash, src->hash, sizeof dst->hash);
    memcpy(dst->v, src->v, (size_t)src->n * sizeof(mview));
}

static int mnew(mirror *m, hi_view h, bool window) {
    if (m->n >= MAXV) fail("the client's mirror is full (%d views): run fewer frames", MAXV);
    if (is_zero(h)) fail("a create returned the zero handle");
    if (mfind(m, h) >= 0) fail("a create returned %s, a handle the world gave out before (a removed view's handle names a later view)", hname(h));
    int i = m->n++;
    mview *v = &m->v[i];
    memset(v, 0, sizeof *v);
    v->h = h;
    v->parent = v->first = v->last = v->prev = v->next = -1;
    v->alive = true;
    v->window = window;
    m->live++;
    uint32_t k = hview_hash(h) & (HCAP - 1);
    while (m->hash[k]) k = (k + 1) & (HCAP - 1);
    m->hash[k] = i + 1;
    return i;
}

static int mkids(const mirror *m, int p, int *out) {
    int k = 0;
    for (int c = m->v[p].first; c >= 0; c = m->v[c].next) out[k++] = c;
    return k;
}
static int mkid_count(const mirror *m, int p) {
    int k = 0;
    for (int c = m->v[p].first; c >= 0; c = m->v[c].next) k++;
    return k;
}

static void mdetach(mirror *m, int i) {
    mview *v = &m->v[i];
    if (v->parent < 0) return;
    mview *p = &m->v[v->parent];
    if (v->prev >= 0) m->v[v->prev].next = v->next;
    else p->first = v->next;
    if (v->next >= 0) m->v[v->next].prev = v->prev;
    else p->last = v->prev;
    v->parent = v->prev = v->next = -1;
}

/* Inserts i among p's subviews at `index` (0 = back-most). */
static void mattach(mirror *m, int i, int p, int index) {
    mview *v = &m->v[i];
    mview *pv = &m->v[p];
    int before = pv->first;
    for (int k = 0; k < index && before >= 0; k++) before = m->v[before].next;
    v->parent = p;
    v->next = before;
    v->prev = before >= 0 ? m->v[before].prev : pv->last;
    if (v->prev >= 0) m->v[v->prev].next = i;
    else pv->first = i;
    if (before >= 0) m->v[before].prev = i;
    else pv->last = i;
}

/* Preorder of i's subtree (i first, subviews back to front). */
static int msubtree(const mirror *m, int root, int *out) {
    int k = 0, cur = root;
    out[k++] = cur;
    for (;;) {
        if (m->v[cur].first >= 0) {
            cur = m->v[cur].first;
            out[k++] = cur;
            continue;
        }
        while (cur != root && m->v[cur].next < 0) cur = m->v[cur].parent;
        if (cur == root) break;
        cur = m->v[cur].next;
        out[k++] = cur;
    }
    return k;
}

static bool min_subtree(const mirror *m, int root, int x) {
    for (; x >= 0; x = m->v[x].parent)
        if (x == root) return true;
    return false;
}

/* Windows front to back: by level, then creation (later in front). */
static bool window_behind(const mview *a, const mview *b) {
    return a->level < b->level || (a->level == b->level && a->seq < b->seq);
}
static int mwindows(const mirror *m, int *out) {
    int k = 0;
    for (int i = 0; i < m->n; i++) {
        if (!m->v[i].alive || !m->v[i].window) continue;
        int j = k++;
        while (j > 0 && window_behind(&m->v[out[j - 1]], &m->v[i])) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = i;
    }
    return k;
}

/* Paint order: windows back to front, each in preorder. */
static int mpaint(const mirror *m, int *out) {
    static int windows[MAXV];
    int w = mwindows(m, windows), k = 0;
    for (int i = w - 1; i >= 0; i--) k += msubtree(m, windows[i], out + k);
    return k;
}

static hi_view mredirect(const mirror *m, int i) {
    hi_view r = m->v[i].redirect;
    return !is_zero(r) && mlive(m, r) >= 0 ? r : ZERO;
}

static int mid_owner(const mirror *m, const char *id) {
    if (id == NULL || id[0] == '\0') return -1;
    for (int i = 0; i < m->n; i++)
        if (m->v[i].alive && strcmp(m->v[i].id, id) == 0) return i;
    return -1;
}

static void mset_id(mview *v, const char *id) {
    if (id == NULL) id = "";
    if (strlen(id) >= IDCAP) fail("client bug: id too long");
    strcpy(v->id, id);
}

/* kind 0: any live view, 1: not a window, 2: a window. -1 when there is none. */
static int mpick(const mirror *m, rng *r, int kind) {
    int count = 0;
    for (int i = 0; i < m->n; i++)
        if (m->v[i].alive && (kind == 0 || (kind == 1) != m->v[i].window)) count++;
    if (count == 0) return -1;
    int k = (int)rbelow(r, (uint32_t)count);
    for (int i = 0; i < m->n; i++)
        if (m->v[i].alive && (kind == 0 || (kind == 1) != m->v[i].window) && k-- == 0) return i;
    return -1;
}

static int mwindow_count(const mirror *m) {
    int k = 0;
    for (int i = 0; i < m->n; i++) k += m->v[i].alive && m->v[i].window;
    return k;
}

/* ------------------------------------------------------------------------------------------ */
/* State                                                                                       */

static hi_world *W1;            /* the world under test */
static hi_world *W2;            /* another world, whose handles W1 must refuse */
static hi_view foreign[16];     /* W2's views */
static int nforeign;
static hi_view initial[64];     /* hi_world_loaded_view(W1, i) at the start */
static int ninitial;
static hi_snapshot *cur_snap;   /* the last commit's snapshot, held by the writer */
static uint64_t cur_version;
static hi_view_def attrs[MAXV]; /* hi_world_get_attributes of M's live views after the last commit */
static char g_tmp[4096];        /* the export's path */
static hi_snapshot *const SNAP_SENTINEL = (hi_snapshot *)&g_tmp; /* never a real snapshot */

#define MAXP 4096
typedef struct points {
    int n;
    hi_point p[MAXP];
} points;
static points PS;                         /* the point set of the last commit */
static hi_hit PH[MAXP];                   /* cur_snap's answers on PS */
static bool PF[MAXP];

typedef struct grave {
    hi_view h;
    bool reused;
} grave;
static grave *graves;
static int ngraves, capgraves;

static struct stats {
    unsigned long commits, rejected, discarded, empty, compact_commits, creates, windows_created, removes, reported,
        reported_views, moves, setters, levels, redirects, ids, exotic_ids, hash_ids, predicates, points, edge_points,
        export_points, stale_reads, stale_edits, foreign_edits, twins, reuses, held_checks, undone_reused, sweeps,
        non_rejecting, chains, big, deep_exports, reused_ids;
    unsigned long invalid[9];
    size_t max_views;
} S;

/* ------------------------------------------------------------------------------------------ */
/* Predicates: always true (so answers do not change), released exactly once                  */

#define MAXPRED 16384
typedef struct pred_ctx {
    hi_view view;
    atomic_int released;
    atomic_long calls;
} pred_ctx;
static pred_ctx g_pred[MAXPRED];
static int g_npred;
static atomic_int g_pred_error; /* 1 called after release, 2 another view, 3 NaN point, 4 released twice */

static bool pred_true(void *context, hi_view view, double x, double y) {
    pred_ctx *p = context;
    if (atomic_load(&p->released)) atomic_store(&g_pred_error, 1);
    if (!same(view, p->view)) atomic_store(&g_pred_error, 2);
    if (isnan(x) || isnan(y)) atomic_store(&g_pred_error, 3);
    atomic_fetch_add(&p->calls, 1);
    return true;
}
static void pred_release(void *context) {
    pred_ctx *p = context;
    if (atomic_fetch_add(&p->released, 1) != 0) atomic_store(&g_pred_error, 4);
}
static pred_ctx *new_pred(hi_view view) {
    if (g_npred >= MAXPRED) fail("client: too many predicates");
    pred_ctx *p = &g_pred[g_npred++];
    p->view = view;
    return p;
}
static void check_pred_errors(void) {
    static const char *what[] = {"", "a predicate was called after its release", "a predicate was called with another view's handle",
                                 "a predicate was called with a NaN point", "a predicate's release was called twice"};
    int e = atomic_load(&g_pred_error);
    if (e) fail("%s", what[e]);
}

/* ------------------------------------------------------------------------------------------ */
/* Random definitions                                                                          */

static hi_transform rtransform(rng *r) {
    double tx = rcoord(r, -40, 40), ty = rcoord(r, -40, 40);
    switch (rbelow(r, 9)) {
    case 0: return (hi_transform){0, 1, -1, 0, 0, 0};
    case 1: return (hi_transform){0.6, 0.8, -0.8, 0.6, tx, ty};
    case 2: {
        hi_point scale = rpoint(r, 0.25, 2, 0.25, 2);
        return (hi_transform){scale.x, 0, 0, scale.y, 0, 0};
    }
    case 3: return (hi_transform){1, 0, rcoord(r, -1, 1), 1, 0, 0};
    case 4: return (hi_transform){1, 0, 0, 1, tx, ty};
    case 5: return (hi_transform){-1, 0, 0, 1, 0, 0};
    case 6: {
        hi_point ab = rpoint(r, -2, 2, -2, 2), cd = rpoint(r, -2, 2, -2, 2);
        return (hi_transform){ab.x, ab.y, cd.x, cd.y, tx, ty};
    }
    case 7: return (hi_transform){1, 0, 0, 0, 0, 0}; /* singular */
    default: return (hi_transform){0.96, -0.28, 0.28, 0.96, tx, ty};
    }
}

static float ralpha(rng *r) {
    static const float alphas[] = {1, 1, 1, 1, 1, 1, 1, 0.5f, 0.3f, 0.01f, 0.0099f, 0, 1.5f};
    return alphas[rbelow(r, sizeof alphas / sizeof alphas[0])];
}

static double rlevel(rng *r) {
    static const double levels[] = {0, 0, 1, 1, -1, 2.5, -0.0};
    return levels[rbelow(r, sizeof levels / sizeof levels[0])];
}

/* The fields no call reads (parent, order, redirect_target; superview and redirect) get garbage
 * the library must ignore: a position far out of range, another world's handle. */
static hi_view_def rdef(rng *r, bool window) {
    hi_view_def d = hi_default_view_def();
    if (window) {
        double w = rchance(r, 0.3) ? 390 : rcoord(r, 100, 390), h = rchance(r, 0.3) ? 844 : rcoord(r, 100, 844);
        d.bounds = (hi_rect){0, 0, w, h};
        d.center = rpoint(r, 0, 390, 0, 844);
    } else {
        double w = rcoord(r, 0, 250), h = rcoord(r, 0, 200);
        double x = rfrom(r, 0.2, -60, 60), y = rfrom(r, 0.2, -60, 60);
        d.bounds = (hi_rect){x, y, w, h};
        d.center = rpoint(r, -20, 320, -20, 500);
    }
    if (rchance(r, 0.15)) d.anchor_point = rpoint(r, 0, 1, 0, 1);
    if (rchance(r, 0.2)) d.transform = rtransform(r);
    d.hidden = rchance(r, 0.03);
    d.alpha = ralpha(r);
    d.user_interaction_enabled = !rchance(r, 0.07);
    if (rchance(r, 0.15)) {
        hi_point tl = rpoint(r, -15, 15, -15, 15), br = rpoint(r, -15, 15, -15, 15);
        d.hit_test_insets = (hi_insets){tl.x, tl.y, br.x, br.y};
    }
    if (rchance(r, 0.1)) {
        d.minimum_hit_width = rchance(r, 0.8) ? 44 : -5;
        d.minimum_hit_height = rchance(r, 0.8) ? 44 : rcoord(r, 0, 60);
    }
    uint32_t shape = rbelow(r, 8);
    d.shape = shape == 0 ? HI_SHAPE_ELLIPSE : shape == 1 ? HI_SHAPE_ROUNDED_RECT : HI_SHAPE_RECT;
    d.corner_radius = d.shape == HI_SHAPE_ROUNDED_RECT || rchance(r, 0.1) ? rcoord(r, 0, 30) : 0;
    d.hit_tests_subviews_outside_bounds = rchance(r, 0.1);
    d.pass_through = rchance(r, 0.06);
    d.user_value = rnext(r);
    d.parent = (int64_t)(rnext(r) >> 1);
    d.order = -7;
    d.redirect_target = 123456789;
    d.window_level = window ? rlevel(r) : 1e300;
    d.superview = nforeign ? foreign[0] : ZERO;
    d.redirect = nforeign ? foreign[nforeign - 1] : ZERO;
    return d;
}

/* Compares what hi_world_get_attributes reads (user value optional; corner radius only where the
 * shape uses it, as a scene file stores it), by value or bit for bit (-0.0 is not 0.0: the
 * export must write "the world's current state"). Returns the first differing field or NULL. */
static const char *def_diff(const hi_view_def *a, const hi_view_def *b, bool user_value, bool bits) {
#define DIFF(f) \
    if (bits ? memcmp(&a->f, &b->f, sizeof a->f) != 0 : !(a->f == b->f)) return #f
    DIFF(bounds.x); DIFF(bounds.y); DIFF(bounds.width); DIFF(bounds.height);
    DIFF(center.x); DIFF(center.y); DIFF(anchor_point.x); DIFF(anchor_point.y);
    DIFF(transform.a); DIFF(transform.b); DIFF(transform.c); DIFF(transform.d); DIFF(transform.tx); DIFF(transform.ty);
    DIFF(hidden); DIFF(alpha); DIFF(user_interaction_enabled);
    DIFF(hit_test_insets.top); DIFF(hit_test_insets.left); DIFF(hit_test_insets.bottom); DIFF(hit_test_insets.right);
    DIFF(minimum_hit_width); DIFF(minimum_hit_height); DIFF(shape);
    if (a->shape == HI_SHAPE_ROUNDED_RECT) DIFF(corner_radius);
    DIFF(hit_tests_subviews_outside_bounds); DIFF(pass_through);
    if (user_value) DIFF(user_value);
#undef DIFF
    return NULL;
}

static bool identity(hi_transform t) { return t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1 && t.tx == 0 && t.ty == 0; }

/* ------------------------------------------------------------------------------------------ */
/* Reading a world or a snapshot through the same calls                                       */

typedef struct source {
    const hi_world *w;
    const hi_snapshot *s;
    const char *name;
} source;

static hi_status src_parent(source s, hi_view v, hi_view *o) { return s.w ? hi_world_parent(s.w, v, o) : hi_snapshot_parent(s.s, v, o); }
static hi_status src_subviews(source s, hi_view v, hi_view *b, size_t c, size_t *o) {
    return s.w ? hi_world_subviews(s.w, v, b, c, o) : hi_snapshot_subviews(s.s, v, b, c, o);
}
static hi_status src_windows(source s, hi_view *b, size_t c, size_t *o) { return s.w ? hi_world_windows(s.w, b, c, o) : hi_snapshot_windows(s.s, b, c, o); }
static hi_status src_is_window(source s, hi_view v, bool *o) { return s.w ? hi_world_is_window(s.w, v, o) : hi_snapshot_is_window(s.s, v, o); }
static hi_status src_level(source s, hi_view v, double *o) { return s.w ? hi_world_window_level(s.w, v, o) : hi_snapshot_window_level(s.s, v, o); }
static hi_status src_redirect(source s, hi_view v, hi_view *o) {
    return s.w ? hi_world_redirect_target(s.w, v, o) : hi_snapshot_redirect_target(s.s, v, o);
}
static hi_status src_id(source s, hi_view v, char *b, size_t c, size_t *o) { return s.w ? hi_world_view_id(s.w, v, b, c, o) : hi_snapshot_view_id(s.s, v, b, c, o); }
static hi_status src_contains(source s, hi_view v, bool *o) { return s.w ? hi_world_contains(s.w, v, o) : hi_snapshot_contains(s.s, v, o); }
static hi_status src_count(source s, size_t *o) { return s.w ? hi_world_view_count(s.w, o) : hi_snapshot_view_count(s.s, o); }

static hi_view hbuf[MAXV + 1];
static int ibuf[MAXV], ibuf2[MAXV];

/* The tree a source reads against a mirror. */
static void check_tree(source src, const mirror *m, rng *r) {
    size_t count = 0;
    OK(src_count(src, &count));
    if (count != (size_t)m->live) fail("%s: view count %zu, the client counts %d", src.name, count, m->live);
    int windows[MAXV];
    int nw = mwindows(m, windows);
    size_t got = 0;
    OK(src_windows(src, NULL, 0, &got));
    if (got != (size_t)nw) fail("%s: %zu windows, the client counts %d", src.name, got, nw);
    size_t cap = nw > 1 && rchance(r, 0.3) ? (size_t)nw - 1 : (size_t)nw; /* sometimes too small a buffer */
    hbuf[cap] = (hi_view){7, 7, 7};
    OK(src_windows(src, hbuf, cap, &got));
    if (got != (size_t)nw) fail("%s: windows into %zu places counted %zu, expected %d", src.name, cap, got, nw);
    if (!same(hbuf[cap], (hi_view){7, 7, 7})) fail("%s: hi_*_windows wrote past its capacity %zu", src.name, cap);
    for (size_t i = 0; i < cap; i++)
        if (!same(hbuf[i], m->v[windows[i]].h))
            fail("%s: window %zu (front to back) is %s, the client expects %s (level %g)", src.name, i, hname(hbuf[i]),
                 hname(m->v[windows[i]].h), m->v[windows[i]].level);
    for (int i = 0; i < m->n; i++) {
        const mview *v = &m->v[i];
        if (!v->alive) continue;
        bool contains = false;
        OK(src_contains(src, v->h, &contains));
        if (!contains) fail("%s: does not contain the live view %s", src.name, hname(v->h));
        hi_view parent = {9, 9, 9};
        OK(src_parent(src, v->h, &parent));
        hi_view want = v->parent >= 0 ? m->v[v->parent].h : ZERO;
        if (!same(parent, want)) fail("%s: parent of %s is %s, expected %s", src.name, hname(v->h), hname(parent), hname(want));
        bool is_window = !v->window;
        OK(src_is_window(src, v->h, &is_window));
        if (is_window != v->window) fail("%s: is_window(%s) is %d", src.name, hname(v->h), is_window);
        double level = 4242;
        if (v->window) {
            OK(src_level(src, v->h, &level));
            if (!(level == v->level)) fail("%s: level of %s is %g, expected %g", src.name, hname(v->h), level, v->level);
        } else {
            if (src.w) EXPECT(HI_ERROR_INVALID, hi_world_window_level(src.w, v->h, &level));
            else EXPECT(HI_ERROR_INVALID, hi_snapshot_window_level(src.s, v->h, &level));
            if (level != 4242) fail("%s: a failed window_level wrote its output", src.name);
        }
        int kids = mkids(m, i, ibuf);
        size_t nk = 12345;
        OK(src_subviews(src, v->h, NULL, 0, &nk));
        if (nk != (size_t)kids) fail("%s: %s has %zu subviews, the client counts %d", src.name, hname(v->h), nk, kids);
        if (kids) {
            size_t kcap = kids > 1 && rchance(r, 0.1) ? (size_t)(kids / 2) : (size_t)kids;
            hbuf[kcap] = (hi_view){7, 7, 7};
            OK(src_subviews(src, v->h, hbuf, kcap, &nk));
            if (nk != (size_t)kids || !same(hbuf[kcap], (hi_view){7, 7, 7})) fail("%s: subviews of %s into %zu places: count %zu or overrun", src.name, hname(v->h), kcap, nk);
            for (size_t k = 0; k < kcap; k++)
                if (!same(hbuf[k], m->v[ibuf[k]].h))
                    fail("%s: subview %zu of %s is %s, the client expects %s", src.name, k, hname(v->h), hname(hbuf[k]), hname(m->v[ibuf[k]].h));
        }
        hi_view redirect = {9, 9, 9};
        OK(src_redirect(src, v->h, &redirect));
        if (!same(redirect, mredirect(m, i)))
            fail("%s: redirect target of %s is %s, expected %s", src.name, hname(v->h), hname(redirect), hname(mredirect(m, i)));
        size_t length = 999;
        OK(src_id(src, v->h, NULL, 0, &length));
        size_t want_length = strlen(v->id);
        if (length != want_length) fail("%s: id of %s measures %zu, expected %zu (\"%s\")", src.name, hname(v->h), length, want_length, v->id);
        char id[IDCAP + 8];
        memset(id, 'x', sizeof id);
        size_t idcap = want_length > 0 && rchance(r, 0.1) ? want_length : sizeof id; /* one byte short: truncated */
        OK(src_id(src, v->h, id, idcap, &length));
        if (length != want_length) fail("%s: id of %s: length %zu, expected %zu", src.name, hname(v->h), length, want_length);
        if (idcap == sizeof id) {
            if (strcmp(id, v->id) != 0) fail("%s: id of %s is \"%s\", expected \"%s\"", src.name, hname(v->h), id, v->id);
        } else if (id[idcap - 1] != '\0' || memcmp(id, v->id, idcap - 1) != 0 || id[idcap] != 'x') {
            fail("%s: id of %s copied into %zu bytes is not the NUL-terminated prefix", src.name, hname(v->h), idcap);
        }
        if (src.w && v->id[0]) {
            hi_view found_view = ZERO;
            bool found = false;
            OK(hi_world_view_for_id(src.w, v->id, &found_view, &found));
            if (!found || !same(found_view, v->h)) fail("%s: view_for_id(\"%s\") gave %d %s, expected %s", src.name, v->id, found, hname(found_view), hname(v->h));
        }
    }
    if (src.w) {
        hi_view found_view = {5, 5, 5};
        bool found = true;
        OK(hi_world_view_for_id(src.w, "no view has this id", &found_view, &found));
        if (found || !is_zero(found_view)) fail("view_for_id of an unknown id: found %d, view %s (expected false and the zero handle)", found, hname(found_view));
        /* The ids of removed views name nothing (unless a live view took one again). */
        for (int t = 0; t < 6 && m->n > 0; t++) {
            int j = (int)rbelow(r, (uint32_t)m->n);
            if (m->v[j].alive || !m->v[j].id[0] || mid_owner(m, m->v[j].id) >= 0) continue;
            found = true;
            OK(hi_world_view_for_id(src.w, m->v[j].id, &found_view, &found));
            if (found) fail("view_for_id(\"%s\") finds %s, but the view with that id was removed (%s)", m->v[j].id, hname(found_view), hname(m->v[j].h));
        }
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Attributes, geometry and the point set                                                      */

static uint32_t g_tag1; /* W1's world tag */

/* Reads the attributes of M's live views into attrs[] and checks what the mirror knows of them. */
static void refresh_attrs(void) {
    for (int i = 0; i < M->n; i++) {
        const mview *v = &M->v[i];
        if (!v->alive) continue;
        hi_view_def *d = &attrs[i];
        OK(hi_world_get_attributes(W1, v->h, d));
        hi_view parent = v->parent >= 0 ? M->v[v->parent].h : ZERO;
        if (d->parent != -1 || d->order != 0 || d->redirect_target != -1 || d->id != NULL)
            fail("get_attributes(%s): parent %lld, order %lld, redirect_target %lld, id %p; the header says -1, 0, -1, NULL", hname(v->h),
                 (long long)d->parent, (long long)d->order, (long long)d->redirect_target, (const void *)d->id);
        if (!same(d->superview, parent)) fail("get_attributes(%s).superview is %s, expected %s", hname(v->h), hname(d->superview), hname(parent));
        if (!same(d->redirect, mredirect(M, i))) fail("get_attributes(%s).redirect is %s, expected %s", hname(v->h), hname(d->redirect), hname(mredirect(M, i)));
        if (d->user_value != v->user_value) fail("get_attributes(%s).user_value is %llu, expected %llu", hname(v->h), (unsigned long long)d->user_value, (unsigned long long)v->user_value);
        if (v->window && !(d->window_level == v->level)) fail("get_attributes(%s).window_level is %g, expected %g", hname(v->h), d->window_level, v->level);
    }
}

typedef struct affine {
    double a, b, c, d, tx, ty;
} affine;
static hi_point apply(affine m, double x, double y) { return (hi_point){m.a * x + m.c * y + m.tx, m.b * x + m.d * y + m.ty}; }
static affine compose(affine o, affine i) {
    return (affine){o.a * i.a + o.c * i.b, o.b * i.a + o.d * i.b, o.a * i.c + o.c * i.d,
                    o.b * i.c + o.d * i.d, o.a * i.tx + o.c * i.ty + o.tx, o.b * i.tx + o.d * i.ty + o.ty};
}
/* A view's bounds space to its superview's (screen space for a window), as UIKit's layer does. */
static affine to_super(const hi_view_def *d) {
    double ax = d->bounds.x + d->anchor_point.x * d->bounds.width, ay = d->bounds.y + d->anchor_point.y * d->bounds.height;
    hi_transform t = d->transform;
    return (affine){t.a, t.b, t.c, t.d, t.tx + d->center.x - (t.a * ax + t.c * ay), t.ty + d->center.y - (t.b * ax + t.d * ay)};
}

static void add_point(points *ps, double x, double y) {
    if (ps->n < MAXP) ps->p[ps->n++] = (hi_point){x, y};
}

/* Random points over the screen, and points on, just inside and just outside the edges of the
 * bounds and hit rects of up to 40 views (mapped to the screen through every ancestor). */
static void build_points(rng *r) {
    static affine screen[MAXV];
    /* Half of the views whose edges are probed are views the last point set hit (visible ones,
     * whose edges decide answers), half any view. */
    static int visible[MAXP];
    int nvisible = 0;
    for (int k = 0; k < PS.n; k++) {
        int i = PF[k] ? mlive(M, PH[k].view) : -1;
        if (i >= 0) visible[nvisible++] = i;
    }
    PS.n = 0;
    add_point(&PS, 0, 0);
    add_point(&PS, NAN, 1);
    add_point(&PS, 1, INFINITY);
    add_point(&PS, -INFINITY, 5);
    add_point(&PS, -1, -1);
    add_point(&PS, 195, 422);
    add_point(&PS, 1e308, 0);
    add_point(&PS, 389.5, 843.5);
    for (int k = 0; k < 180; k++) {
        hi_point p = rpoint(r, -20, 420, -20, 870);
        add_point(&PS, p.x, p.y);
    }
    int n = mpaint(M, ibuf);
    for (int k = 0; k < n; k++) {
        int i = ibuf[k], p = M->v[i].parent;
        affine local = to_super(&attrs[i]);
        screen[i] = p >= 0 ? compose(screen[p], local) : local;
    }
    int edges = n < 40 ? n : 40;
    for (int e = 0; e < edges; e++) {
        int i = nvisible && (e & 1) ? visible[rbelow(r, (uint32_t)nvisible)] : ibuf[rbelow(r, (uint32_t)n)];
        const hi_view_def *d = &attrs[i];
        double x0 = d->bounds.x, y0 = d->bounds.y, x1 = x0 + d->bounds.width, y1 = y0 + d->bounds.height;
        if (rchance(r, 0.4)) {
            x0 += d->hit_test_insets.left, y0 += d->hit_test_insets.top;
            x1 -= d->hit_test_insets.right, y1 -= d->hit_test_insets.bottom;
        }
        double mx = (x0 + x1) / 2, my = (y0 + y1) / 2, tiny = 1e-9;
        const double local[][2] = {{x0, y0}, {x1, y1}, {x1, y0}, {x0, y1}, {x1 - tiny, y0 + tiny}, {x0 - tiny, my},
                                   {mx, y0 - 0.5}, {mx, y1 - tiny}, {x0 + 0.5, my}, {x1 + 0.25, my}, {mx, y1}};
        for (int k = 0; k < 7; k++) {
            const double *q = local[k < 2 ? k : 2 + (int)rbelow(r, 9)];
            hi_point s = apply(screen[i], q[0], q[1]);
            add_point(&PS, s.x, s.y);
            S.edge_points++;
        }
    }
}

/* The snapshot's answers on a point set: the batch (on 1 to 4 threads) and single queries, which
 * must agree; hit_test_all's first and explain's result on a few points. */
static void answer(const hi_snapshot *s, const points *ps, hi_hit *hits, bool *found, rng *r) {
    uint32_t threads = rchance(r, 0.3) ? 2 + rbelow(r, 3) : rbelow(r, 2);
    for (int k = 0; k < ps->n; k++) hits[k] = (hi_hit){{2, 2, 2}, 2}, found[k] = k & 1;
    OK(hi_snapshot_hit_test_batch(s, ps->p, (size_t)ps->n, hits, found, threads));
    for (int k = 0; k < ps->n; k++)
        if (!found[k] && (!is_zero(hits[k].view) || hits[k].user_value != 0)) fail("hit_test_batch: point %d (%g, %g) found nothing but its hit is not zeroed", k, ps->p[k].x, ps->p[k].y);
    for (int k = 0; k < ps->n; k++) {
        if (k > 8 && !rchance(r, 0.1)) continue;
        hi_hit hit = {{1, 1, 1}, 1};
        bool f = !found[k];
        OK(hi_snapshot_hit_test(s, ps->p[k].x, ps->p[k].y, &hit, &f));
        if (f != found[k] || (f && (!same(hit.view, hits[k].view) || hit.user_value != hits[k].user_value)))
            fail("hit_test(%g, %g) gives %d %s, the batch %d %s", ps->p[k].x, ps->p[k].y, f, hname(hit.view), found[k], hname(hits[k].view));
        if (!f && (!is_zero(hit.view) || hit.user_value != 0)) fail("hit_test(%g, %g) found nothing but did not zero *out_hit", ps->p[k].x, ps->p[k].y);
    }
    S.points += (unsigned long)ps->n;
}

typedef struct first_hit {
    int n;
    hi_hit first;
} first_hit;
static bool visit_first(void *context, hi_hit hit) {
    first_hit *f = context;
    if (f->n++ == 0) f->first = hit;
    return false;
}
typedef struct first_item {
    int n;
    hi_explain_item first;
} first_item;
static bool explain_first(void *context, const hi_explain_item *item) {
    first_item *f = context;
    if (f->n++ == 0) f->first = *item;
    return false;
}

/* Hits against the mirror M (live views, their user values), and the debugging calls' first
 * answers against the hit test. */
static void check_hits_mirror(const hi_snapshot *s, const points *ps, const hi_hit *hits, const bool *found, rng *r) {
    for (int k = 0; k < ps->n; k++) {
        if (!found[k]) continue;
        int i = mlive(M, hits[k].view);
        if (i < 0) fail("the snapshot hit %s at (%g, %g), which is not a live view", hname(hits[k].view), ps->p[k].x, ps->p[k].y);
        if (hits[k].user_value != M->v[i].user_value)
            fail("the hit on %s carries user value %llu, the view's is %llu", hname(hits[k].view), (unsigned long long)hits[k].user_value,
                 (unsigned long long)M->v[i].user_value);
    }
    for (int t = 0; t < 4 && ps->n > 0; t++) {
        int k = (int)rbelow(r, (uint32_t)ps->n);
        first_hit all = {0, {{0, 0, 0}, 0}};
        OK(hi_snapshot_hit_test_all(s, ps->p[k].x, ps->p[k].y, visit_first, &all));
        if (found[k] ? all.n != 1 || !same(all.first.view, hits[k].view) || all.first.user_value != hits[k].user_value : all.n != 0)
            fail("hit_test_all(%g, %g) first gives %s (%d calls), the hit test %s", ps->p[k].x, ps->p[k].y, hname(all.first.view), all.n,
                 found[k] ? hname(hits[k].view) : "nothing");
        first_item ex;
        memset(&ex, 0, sizeof ex);
        OK(hi_snapshot_explain(s, ps->p[k].x, ps->p[k].y, 3, explain_first, &ex));
        hi_view want = found[k] ? hits[k].view : ZERO;
        if (ex.n != 1 || ex.first.kind != HI_EXPLAIN_RESULT || !same(ex.first.view, want))
            fail("explain(%g, %g): first item kind %d view %s, expected the result %s", ps->p[k].x, ps->p[k].y, (int)ex.first.kind, hname(ex.first.view), hname(want));
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Export and load                                                                             */

static hi_view g_last_loaded; /* a view of the last world loaded from an export */
static hi_view emap_key[HCAP];
static int emap_val[HCAP];
static unsigned emap_stamp[HCAP], emap_gen;
static void emap_put(hi_view h, int value) {
    uint32_t k = hview_hash(h) & (HCAP - 1);
    while (emap_stamp[k] == emap_gen) {
        if (same(emap_key[k], h)) fail("hi_world_loaded_view gave %s for two positions", hname(h));
        k = (k + 1) & (HCAP - 1);
    }
    emap_stamp[k] = emap_gen, emap_key[k] = h, emap_val[k] = value;
}
static int emap_get(hi_view h) {
    for (uint32_t k = hview_hash(h) & (HCAP - 1); emap_stamp[k] == emap_gen; k = (k + 1) & (HCAP - 1))
        if (same(emap_key[k], h)) return emap_val[k];
    return -1;
}

/* The creation order of a world's windows, back to front: set every window to one level in a
 * transaction, read the order (ties go by creation), discard. */
static int probe_creation_order(hi_world *w, rng *r, hi_view *out) {
    static hi_view wins[MAXV];
    size_t nw = 0;
    OK(hi_world_windows(w, wins, MAXV, &nw));
    OK(hi_world_begin(w));
    for (size_t k = nw; k > 1; k--) {
        size_t j = rbelow(r, (uint32_t)k);
        hi_view t = wins[k - 1];
        wins[k - 1] = wins[j], wins[j] = t;
    }
    for (size_t k = 0; k < nw; k++) OK(hi_world_set_window_level(w, wins[k], 0.0));
    size_t again = 0;
    OK(hi_world_windows(w, wins, MAXV, &again));
    if (again != nw) fail("the window count changed while probing the creation order");
    for (size_t k = 0; k < nw; k++) out[k] = wins[nw - 1 - k];
    OK(hi_world_discard(w));
    return (int)nw;
}

static bool plain_id(const char *id) {
    if (id[0] == '\0' || id[0] == '#' || strcmp(id, "nil") == 0) return false;
    for (const char *c = id; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_' || *c == '-' || *c == '.')) return false;
    return true;
}

/* The name `hitindex query` prints for a view of a snapshot. */
static void view_name(const hi_snapshot *s, hi_view h, char *out, size_t cap) {
    size_t length = 0;
    OK(hi_snapshot_view_id(s, h, out, cap, &length));
    if (length >= cap) fail("an id longer than %zu bytes", cap);
    if (length == 0) snprintf(out, cap, "#%u.%u", h.slot, h.generation);
}

/* Writes W1's state with hi_world_write_scene, loads it into a new world, and checks that it
 * holds the same tree, ids, levels, attributes and window creation order, and answers every
 * point of `ps` as `snap` did (hits/found), view for view.
 *
 * Views are matched by paint-order position: the header defines hi_world_loaded_view(world, i)
 * as the view at paint-order position i of the file, and the writer wrote W1's tree, whose paint
 * order the client knows (its mirror, checked against W1's reads). Matching by id would lean on
 * how the writer names views without an id ("#slot.generation", or "~N" added in a way the
 * header leaves open), so ids are checked separately, as far as the header fixes them. */
static void check_export(const hi_snapshot *snap, const points *ps, const hi_hit *hits, const bool *found, rng *r) {
    static hi_view h3[MAXV], wins[MAXV];
    static int posm[MAXV];
    static hi_hit hits3[MAXP];
    static bool found3[MAXP];
    const char *saved = g_step;
    g_step = "export";
    OK(hi_world_write_scene(W1, g_tmp));
    hi_world *w3 = NULL;
    OK(hi_world_load_scene(g_tmp, &w3));
    int n = mpaint(M, ibuf), deepest = 0;
    static int depth[MAXV];
    for (int i = 0; i < n; i++) {
        int v = ibuf[i];
        posm[v] = i;
        depth[v] = M->v[v].parent >= 0 ? depth[M->v[v].parent] + 1 : 1;
        if (depth[v] > deepest) deepest = depth[v];
    }
    if (deepest > 100) S.deep_exports++;
    size_t count = 0;
    OK(hi_world_view_count(w3, &count));
    if (count != (size_t)n) fail("the loaded export holds %zu views, the world %d", count, n);
    emap_gen++;
    uint32_t tag = 0;
    for (int i = 0; i < n; i++) {
        OK(hi_world_loaded_view(w3, (size_t)i, &h3[i]));
        if (i == 0) tag = h3[0].world;
        if (i == 0 && !is_zero(g_last_loaded)) {
            /* The last loaded world is destroyed but its snapshot's handles live on: a new world
             * (whose first view sits in the same slot) must refuse them. */
            bool contains = true;
            OK(hi_world_contains(w3, g_last_loaded, &contains));
            if (contains || tag == g_last_loaded.world) fail("a new world's tag %u repeats a destroyed world's, and it takes that world's handle %s", tag, hname(g_last_loaded));
        }
        if (h3[i].world == 0 || h3[i].world == g_tag1 || h3[i].world != tag)
            fail("the loaded world's handle %s: world tag 0, W1's (%u), or not the same for all its views", hname(h3[i]), g_tag1);
        emap_put(h3[i], i);
    }
    hi_view beyond = {3, 3, 3};
    EXPECT(HI_ERROR_STALE, hi_world_loaded_view(w3, (size_t)n, &beyond));
    if (!same(beyond, (hi_view){3, 3, 3})) fail("a failed hi_world_loaded_view wrote its output");
    for (int i = 0; i < n; i++) {
        const mview *v = &M->v[ibuf[i]];
        hi_view parent = {9, 9, 9}, want = v->parent >= 0 ? h3[posm[v->parent]] : ZERO;
        OK(hi_world_parent(w3, h3[i], &parent));
        if (!same(parent, want)) fail("export: position %d (%s in W1) has parent %s in the loaded world, expected %s", i, hname(v->h), hname(parent), hname(want));
        bool is_window = !v->window;
        OK(hi_world_is_window(w3, h3[i], &is_window));
        if (is_window != v->window) fail("export: position %d (%s): is_window %d", i, hname(v->h), is_window);
        if (v->window) {
            double level = 4242;
            OK(hi_world_window_level(w3, h3[i], &level));
            if (!(level == v->level)) fail("export: window %s has level %g after the round trip, %g before", hname(v->h), level, v->level);
        }
        size_t kids = 0;
        int nk = mkids(M, ibuf[i], ibuf2);
        OK(hi_world_subviews(w3, h3[i], hbuf, MAXV, &kids));
        if (kids != (size_t)nk) fail("export: %s has %zu subviews after the round trip, %d before", hname(v->h), kids, nk);
        for (int k = 0; k < nk; k++)
            if (!same(hbuf[k], h3[posm[ibuf2[k]]])) fail("export: subview %d of %s differs after the round trip", k, hname(v->h));
        hi_view redirect = {9, 9, 9}, rt = mredirect(M, ibuf[i]);
        OK(hi_world_redirect_target(w3, h3[i], &redirect));
        want = is_zero(rt) ? ZERO : h3[posm[mlive(M, rt)]];
        if (!same(redirect, want)) fail("export: the redirect of %s is %s after the round trip, expected %s", hname(v->h), hname(redirect), hname(want));
        char id[IDCAP + 32];
        size_t length = 0;
        OK(hi_world_view_id(w3, h3[i], id, sizeof id, &length));
        if (length >= sizeof id) fail("export: the loaded id of %s is %zu bytes long", hname(v->h), length);
        if (v->id[0]) {
            if (strcmp(id, v->id) != 0) fail("export: %s had the id \"%s\", the loaded view \"%s\"", hname(v->h), v->id, id);
        } else {
            char name[64];
            snprintf(name, sizeof name, "#%u.%u", v->h.slot, v->h.generation);
            size_t nl = strlen(name);
            if (mid_owner(M, name) < 0) {
                if (strcmp(id, name) != 0) fail("export: the view %s without an id was loaded with the id \"%s\", expected \"%s\"", hname(v->h), id, name);
            } else {
                bool ok = strncmp(id, name, nl) == 0 && id[nl] == '~' && id[nl + 1] != '\0' && mid_owner(M, id) < 0;
                for (const char *c = id + nl + 1; ok && *c; c++) ok = *c >= '0' && *c <= '9';
                if (!ok) fail("export: the view %s without an id, whose name \"%s\" another view has as its id, was loaded as \"%s\" (expected \"%s~N\")", hname(v->h), name, id, name);
                S.hash_ids++;
            }
        }
        hi_view_def d3;
        OK(hi_world_get_attributes(w3, h3[i], &d3));
        const char *field = def_diff(&attrs[ibuf[i]], &d3, false, true);
        if (field) fail("export: %s's %s differs after the round trip", hname(v->h), field);
        if (d3.user_value != 0) fail("export: a loaded view has user value %llu (scene files carry none)", (unsigned long long)d3.user_value);
    }
    int order[MAXV];
    int nw = mwindows(M, order);
    size_t got = 0;
    OK(hi_world_windows(w3, wins, MAXV, &got));
    if (got != (size_t)nw) fail("export: %zu windows after the round trip, %d before", got, nw);
    for (int k = 0; k < nw; k++)
        if (!same(wins[k], h3[posm[order[k]]])) fail("export: window %d (front to back) differs after the round trip", k);
    if (nw > 1) {
        /* The header: windows are written in creation order, so the tie-break survives. */
        int by_seq[MAXV], m = 0;
        for (int i = 0; i < M->n; i++)
            if (M->v[i].alive && M->v[i].window) by_seq[m++] = i;
        for (int a = 1; a < m; a++)
            for (int b = a; b > 0 && M->v[by_seq[b]].seq < M->v[by_seq[b - 1]].seq; b--) {
                int t = by_seq[b];
                by_seq[b] = by_seq[b - 1], by_seq[b - 1] = t;
            }
        int got3 = probe_creation_order(w3, r, wins);
        if (got3 != m) fail("export: probing the loaded world's windows");
        for (int k = 0; k < m; k++)
            if (emap_get(wins[k]) != posm[by_seq[k]])
                fail("export: the loaded world's window creation order differs at %d: %s was made %s in W1 (at equal levels the order would change)", k,
                     hname(M->v[by_seq[k]].h), k == 0 ? "first" : "later");
    }
    OK(hi_world_check(w3));
    hi_snapshot *s3 = NULL;
    OK(hi_world_acquire_snapshot(w3, &s3));
    uint64_t version = 0;
    OK(hi_snapshot_version(s3, &version));
    if (version != 1) fail("a loaded world's first snapshot has version %llu", (unsigned long long)version);
    OK(hi_snapshot_hit_test_batch(s3, ps->p, (size_t)ps->n, hits3, found3, 1));
    for (int k = 0; k < ps->n; k++) {
        int want = -1, got_pos = -1;
        if (found[k]) {
            int i = mlive(M, hits[k].view);
            if (i < 0) fail("export: the snapshot's hit %s is not a live view", hname(hits[k].view));
            want = posm[i];
        }
        if (found3[k]) got_pos = emap_get(hits3[k].view);
        if (found3[k] && got_pos < 0) fail("export: the loaded world hit %s, not one of its loaded views", hname(hits3[k].view));
        if (want != got_pos) {
            char a[IDCAP + 32] = "nil", b[IDCAP + 32] = "nil";
            if (found[k]) view_name(snap, hits[k].view, a, sizeof a);
            if (found3[k]) view_name(s3, hits3[k].view, b, sizeof b);
            fail("export: at (%.17g, %.17g) the snapshot hits %s (paint position %d), the world loaded from its scene file %s (position %d); scene kept in %s",
                 ps->p[k].x, ps->p[k].y, a, want, b, got_pos, g_tmp);
        }
        if (found3[k] && hits3[k].user_value != 0) fail("export: a hit in the loaded world carries user value %llu", (unsigned long long)hits3[k].user_value);
    }
    S.export_points += (unsigned long)ps->n;
    /* A snapshot outlives its world. */
    g_last_loaded = h3[0];
    hi_world_destroy(w3);
    for (int k = 0; k < ps->n && k < 32; k++) {
        hi_hit hit;
        bool f = false;
        OK(hi_snapshot_hit_test(s3, ps->p[k].x, ps->p[k].y, &hit, &f));
        if (f != found3[k] || (f && !same(hit.view, hits3[k].view))) fail("a snapshot answered differently after its world was destroyed");
    }
    hi_snapshot_release(s3);
    g_step = saved;
}

/* ------------------------------------------------------------------------------------------ */
/* Handles every function must refuse                                                          */

/* Reads of a handle that names no view of W1 (removed, of another world, or zero): contains is
 * false, everything else fails with HI_ERROR_STALE and leaves its outputs alone. */
static void check_refused_reads(hi_view h, const hi_snapshot *s) {
    bool contains = true;
    OK(hi_world_contains(W1, h, &contains));
    if (contains) fail("hi_world_contains(%s) is true for a handle that names no view of the world", hname(h));
    contains = true;
    OK(hi_snapshot_contains(s, h, &contains));
    if (contains) fail("hi_snapshot_contains(%s) is true for a handle that names no view of the snapshot", hname(h));
    const hi_view sentinel = {4, 4, 4};
    hi_view o = sentinel;
    size_t count = 777;
    bool b = true;
    double level = 4242;
    uint64_t value = 31337;
    char id[8] = "unset";
    EXPECT(HI_ERROR_STALE, hi_world_parent(W1, h, &o));
    EXPECT(HI_ERROR_STALE, hi_world_subviews(W1, h, NULL, 0, &count));
    EXPECT(HI_ERROR_STALE, hi_world_is_window(W1, h, &b));
    EXPECT(HI_ERROR_STALE, hi_world_window_level(W1, h, &level));
    EXPECT(HI_ERROR_STALE, hi_world_redirect_target(W1, h, &o));
    EXPECT(HI_ERROR_STALE, hi_world_view_id(W1, h, id, sizeof id, &count));
    EXPECT(HI_ERROR_STALE, hi_snapshot_parent(s, h, &o));
    EXPECT(HI_ERROR_STALE, hi_snapshot_subviews(s, h, NULL, 0, &count));
    EXPECT(HI_ERROR_STALE, hi_snapshot_is_window(s, h, &b));
    EXPECT(HI_ERROR_STALE, hi_snapshot_window_level(s, h, &level));
    EXPECT(HI_ERROR_STALE, hi_snapshot_redirect_target(s, h, &o));
    EXPECT(HI_ERROR_STALE, hi_snapshot_view_id(s, h, id, sizeof id, &count));
    EXPECT(HI_ERROR_STALE, hi_snapshot_user_value(s, h, &value));
    hi_view_def d, copy;
    memset(&d, 0x5a, sizeof d);
    memcpy(&copy, &d, sizeof d);
    EXPECT(HI_ERROR_STALE, hi_world_get_attributes(W1, h, &d));
    if (!same(o, sentinel) || count != 777 || !b || level != 4242 || value != 31337 || strcmp(id, "unset") != 0 || memcmp(&d, &copy, sizeof d) != 0)
        fail("a read that failed with HI_ERROR_STALE for %s wrote its output", hname(h));
    S.stale_reads++;
}

typedef struct reported {
    int n;
    hi_view h[MAXV];
} reported;
static reported g_reported;
static void on_removed(void *context, hi_view removed) {
    reported *rep = context;
    if (rep->n < MAXV) rep->h[rep->n] = removed;
    rep->n++;
}

enum { NCODES = 32 };

/* Edit `code` of the list below with `h` in the role the code names (the view, the parent, the
 * sibling, the redirect target) and every other argument valid in mirror m; expects `want`.
 * Returns false when the code does not apply (no view for the other role). */
static bool edit_naming(int code, hi_view h, const mirror *m, rng *r, hi_status want) {
    int any = mpick(m, r, 0), nw = mpick(m, r, 1);
    hi_view live = m->v[any].h, other = nw >= 0 ? m->v[nw].h : ZERO;
    hi_view_def d = rdef(r, false);
    hi_view out = {6, 6, 6};
    pred_ctx *p;
    g_reported.n = 0;
    switch (code) {
    case 0: EXPECT(want, hi_world_create_view(W1, h, (hi_position){HI_FRONT, 0, ZERO}, &d, &out)); break;
    case 1: EXPECT(want, hi_world_create_view(W1, live, (hi_position){HI_ABOVE, 0, h}, &d, &out)); break;
    case 2: EXPECT(want, hi_world_create_view(W1, live, (hi_position){HI_BELOW, 0, h}, &d, &out)); break;
    case 3: EXPECT(want, hi_world_remove_view(W1, h)); break;
    case 4: EXPECT(want, hi_world_remove_view_reporting(W1, h, on_removed, &g_reported)); break;
    case 5: EXPECT(want, hi_world_move_view(W1, h, live, (hi_position){HI_FRONT, 0, ZERO})); break;
    case 6:
        if (nw < 0) return false;
        EXPECT(want, hi_world_move_view(W1, other, h, (hi_position){HI_FRONT, 0, ZERO}));
        break;
    case 7:
        if (nw < 0) return false;
        EXPECT(want, hi_world_move_view(W1, other, m->v[m->v[nw].parent].h, (hi_position){HI_ABOVE, 0, h}));
        break;
    case 8: EXPECT(want, hi_world_scroll(W1, h, 1, 2)); break;
    case 9: EXPECT(want, hi_world_set_attributes(W1, h, &d)); break;
    case 10: EXPECT(want, hi_world_set_frame(W1, h, (hi_rect){1, 2, 30, 40})); break;
    case 11: EXPECT(want, hi_world_set_bounds(W1, h, (hi_rect){0, 0, 30, 40})); break;
    case 12: EXPECT(want, hi_world_set_center(W1, h, (hi_point){5, 6})); break;
    case 13: EXPECT(want, hi_world_set_anchor_point(W1, h, (hi_point){0, 1})); break;
    case 14: EXPECT(want, hi_world_set_transform(W1, h, (hi_transform){1, 0, 0, 1, 3, 4})); break;
    case 15: EXPECT(want, hi_world_set_hidden(W1, h, true)); break;
    case 16: EXPECT(want, hi_world_set_alpha(W1, h, 0.5f)); break;
    case 17: EXPECT(want, hi_world_set_user_interaction_enabled(W1, h, false)); break;
    case 18: EXPECT(want, hi_world_set_hit_test_insets(W1, h, (hi_insets){1, 2, 3, 4})); break;
    case 19: EXPECT(want, hi_world_set_minimum_hit_size(W1, h, 44, 44)); break;
    case 20: EXPECT(want, hi_world_set_shape(W1, h, HI_SHAPE_ELLIPSE, 0)); break;
    case 21: EXPECT(want, hi_world_set_hit_tests_subviews_outside_bounds(W1, h, true)); break;
    case 22: EXPECT(want, hi_world_set_pass_through(W1, h, true)); break;
    case 23: EXPECT(want, hi_world_set_user_value(W1, h, 99)); break;
    case 24: EXPECT(want, hi_world_set_id(W1, h, "refused-id")); break;
    case 25: EXPECT(want, hi_world_set_window_level(W1, h, 1)); break;
    case 26: EXPECT(want, hi_world_set_redirect(W1, h, live)); break;
    case 27: EXPECT(want, hi_world_set_redirect(W1, live, h)); break;
    case 28:
        p = new_pred(h);
        EXPECT(want, hi_world_set_predicate(W1, h, pred_true, p, pred_release));
        break;
    /* A stale handle wins over any other fault of the edit. */
    case 29: EXPECT(want, hi_world_scroll(W1, h, NAN, 0)); break;
    case 30: EXPECT(want, hi_world_set_alpha(W1, h, -1)); break;
    default: EXPECT(want, hi_world_move_view(W1, h, h, (hi_position){HI_AT_INDEX, -5, ZERO})); break;
    }
    if (!same(out, (hi_view){6, 6, 6})) fail("a refused create wrote *out_view");
    if (g_reported.n != 0) fail("a refused remove_view_reporting reported %d views", g_reported.n);
    return true;
}

/* Every edit function, each in its own transaction, refuses h with HI_ERROR_STALE, and the
 * commit is rejected and publishes nothing. */
static void sweep_handle(hi_view h, rng *r, unsigned long *counter) {
    for (int code = 0; code < NCODES; code++) {
        if (is_zero(h) && code == 27) continue; /* the zero target clears a redirect */
        OK(hi_world_begin(W1));
        if (!edit_naming(code, h, M, r, HI_ERROR_STALE)) {
            OK(hi_world_discard(W1));
            continue;
        }
        hi_snapshot *s = SNAP_SENTINEL;
        EXPECT(HI_ERROR_REJECTED, hi_world_commit(W1, &s));
        if (s != SNAP_SENTINEL) fail("a rejected commit wrote *out_snapshot");
        (*counter)++;
    }
    uint64_t version = 0;
    OK(hi_world_version(W1, &version));
    if (version != cur_version) fail("rejected transactions published version %llu (last commit %llu)", (unsigned long long)version, (unsigned long long)cur_version);
    check_refused_reads(h, cur_snap);
}

static void sweep(rng *r) {
    const char *saved = g_step;
    g_step = "sweep of refused handles";
    int reused = -1;
    for (int k = 0; k < ngraves; k++)
        if (graves[k].reused && (reused < 0 || rchance(r, 0.3))) reused = k;
    if (reused < 0 && ngraves) reused = (int)rbelow(r, (uint32_t)ngraves);
    if (reused >= 0) sweep_handle(graves[reused].h, r, &S.stale_edits);
    sweep_handle(foreign[rbelow(r, (uint32_t)nforeign)], r, &S.foreign_edits);
    sweep_handle(ZERO, r, &S.stale_edits);
    /* And the other way round: W2 refuses W1's handles. */
    OK(hi_world_begin(W2));
    EXPECT(HI_ERROR_STALE, hi_world_set_hidden(W2, M->v[mpick(M, r, 0)].h, true));
    EXPECT(HI_ERROR_REJECTED, hi_world_commit(W2, NULL));
    S.sweeps++;
    g_step = saved;
}

/* Per frame: a sample of removed handles (those whose slot was reused first), the foreign
 * handles, the zero handle, and hi_world_loaded_view for the initial views. */
static void check_refused_sample(rng *r) {
    int checked = 0;
    for (int k = 0; k < ngraves && checked < 6; k++)
        if (graves[k].reused && rchance(r, 0.2)) check_refused_reads(graves[k].h, cur_snap), checked++;
    for (int k = 0; k < 6 && ngraves; k++) check_refused_reads(graves[rbelow(r, (uint32_t)ngraves)].h, cur_snap);
    hi_view f = foreign[rbelow(r, (uint32_t)nforeign)];
    check_refused_reads(f, cur_snap);
    check_refused_reads(ZERO, cur_snap);
    bool contains = false;
    OK(hi_world_contains(W2, f, &contains));
    if (!contains) fail("W2 does not contain its own view %s", hname(f));
    for (int i = 0; i < ninitial; i++) {
        hi_view h = {8, 8, 8};
        if (mlive(M, initial[i]) >= 0) {
            OK(hi_world_loaded_view(W1, (size_t)i, &h));
            if (!same(h, initial[i])) fail("hi_world_loaded_view(%d) is %s, it was %s", i, hname(h), hname(initial[i]));
        } else {
            EXPECT(HI_ERROR_STALE, hi_world_loaded_view(W1, (size_t)i, &h));
            if (!same(h, (hi_view){8, 8, 8})) fail("a failed hi_world_loaded_view wrote its output");
        }
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Valid edits (applied to the world and to the transaction's mirror T)                        */

static unsigned long g_idn;

static void fresh_id(rng *r, char *out) {
    static const char *const exotic[] = {"quote\"d", "back\\slash", "new\nline", "tab\t", "ctl\x01", "caf\xc3\xa9", "\xe6\x97\xa5\xe6\x9c\xac",
                                         "emoji\xf0\x9f\x98\x80", " spaced ", "#hash", "nil", "a/b", "{\"json\": 1}"};
    if (rchance(r, 0.1)) {
        /* The id of a removed view (perhaps removed in this very transaction): free again. */
        for (int tries = 0; tries < 8 && T->n > 0; tries++) {
            int j = (int)rbelow(r, (uint32_t)T->n);
            if (!T->v[j].alive && T->v[j].id[0] && mid_owner(T, T->v[j].id) < 0) {
                strcpy(out, T->v[j].id);
                S.reused_ids++;
                return;
            }
        }
    }
    if (rchance(r, 0.01)) {
        /* A long one: 120 bytes of multi-byte UTF-8. */
        int n = snprintf(out, IDCAP, "long%lu-", ++g_idn);
        while (n + 3 < 128) out[n++] = '\xe2', out[n++] = '\x82', out[n++] = '\xac';
        out[n] = '\0';
        S.exotic_ids++;
    } else if (rchance(r, 0.15)) {
        snprintf(out, IDCAP, "%s%lu", exotic[rbelow(r, sizeof exotic / sizeof exotic[0])], ++g_idn);
        S.exotic_ids++;
    } else {
        snprintf(out, IDCAP, "v%lu", ++g_idn);
    }
}

/* A position among p's subviews (without `self`, for a move); returns the index it names. */
static int rposition(const mirror *m, rng *r, int p, int self, hi_position *pos) {
    static int kids[MAXV];
    int k = 0;
    for (int c = m->v[p].first; c >= 0; c = m->v[c].next)
        if (c != self) kids[k++] = c;
    *pos = (hi_position){HI_FRONT, 0, ZERO};
    uint32_t place = rbelow(r, 5);
    if ((place == HI_ABOVE || place == HI_BELOW) && k == 0) place = HI_AT_INDEX;
    switch (place) {
    case HI_FRONT: return k;
    case HI_BACK: pos->place = HI_BACK; return 0;
    case HI_AT_INDEX: pos->place = HI_AT_INDEX; pos->index = rbelow(r, (uint32_t)k + 1); return (int)pos->index;
    default: {
        int s = (int)rbelow(r, (uint32_t)k);
        pos->place = (hi_place)place;
        pos->sibling = m->v[kids[s]].h;
        return place == HI_ABOVE ? s + 1 : s;
    }
    }
}

/* The size of h's subtree, counted through hi_world_subviews (the open transaction's state). */
static int world_subtree_size(hi_view h) {
    static hi_view stack[MAXV];
    int top = 0, count = 0;
    stack[top++] = h;
    while (top) {
        hi_view v = stack[--top];
        count++;
        size_t k = 0;
        OK(hi_world_subviews(W1, v, NULL, 0, &k));
        if ((size_t)top + k > MAXV) fail("subtree larger than the client's stack");
        OK(hi_world_subviews(W1, v, stack + top, k, &k));
        top += (int)k;
    }
    return count;
}

static hi_view_def attributes_now(hi_view h) {
    hi_view_def d;
    OK(hi_world_get_attributes(W1, h, &d));
    return d;
}

typedef struct txn {
    int ok; /* edits that succeeded */
} txn;

enum { OP_CREATE, OP_WINDOW, OP_REMOVE, OP_MOVE, OP_SCROLL, OP_SETTER, OP_LEVEL, OP_REDIRECT, OP_ID, OP_PRED, OP_COMPACT, OP_NONREJECT, OP_CHAIN, OP_COUNT };

static void op_create(rng *r) {
    int p = mpick(T, r, 0);
    hi_position pos;
    int index = rposition(T, r, p, -1, &pos);
    hi_view_def d = rdef(r, false);
    if (rchance(r, 0.7)) {
        /* Mostly inside the superview's bounds, so that deep views can be hit too. */
        hi_rect b = attributes_now(T->v[p].h).bounds;
        if (b.width > 0 && b.height > 0 && b.width < 1e6 && b.height < 1e6) {
            hi_point size = rpoint(r, b.width / 20, b.width / 2, b.height / 20, b.height / 2), at = rpoint(r, 0, 1, 0, 1);
            d.bounds.width = size.x, d.bounds.height = size.y;
            d.center = (hi_point){b.x + size.x / 2 + at.x * (b.width - size.x), b.y + size.y / 2 + at.y * (b.height - size.y)};
        }
    }
    char id[IDCAP] = "";
    if (rchance(r, 0.5)) fresh_id(r, id);
    d.id = id[0] ? id : rchance(r, 0.5) ? NULL : "";
    hi_view out = {8, 8, 8};
    bool want_handle = rchance(r, 0.85);
    OK(hi_world_create_view(W1, T->v[p].h, pos, &d, want_handle ? &out : NULL));
    if (!want_handle) {
        size_t k = 0;
        OK(hi_world_subviews(W1, T->v[p].h, hbuf, MAXV, &k));
        if ((size_t)index >= k) fail("after a create at index %d the parent has %zu subviews", index, k);
        out = hbuf[index];
    }
    if (out.world != g_tag1) fail("a created view's handle %s has world tag %u, W1's views %u", hname(out), out.world, g_tag1);
    int i = mnew(T, out, false);
    mattach(T, i, p, index);
    T->v[i].user_value = d.user_value;
    mset_id(&T->v[i], id);
    S.creates++;
}

/* A chain deeper than 100 views, so that the scene writer switches to the flat form. */
static void op_chain(rng *r) {
    int p = mpick(T, r, 0), depth = 101 + (int)rbelow(r, 30);
    for (int k = 0; k < depth; k++) {
        hi_view_def d = rdef(r, false);
        char id[IDCAP] = "";
        if (rchance(r, 0.3)) fresh_id(r, id);
        d.id = id[0] ? id : NULL;
        hi_point size = rpoint(r, 100, 300, 100, 400);
        d.bounds = (hi_rect){0, 0, size.x, size.y};
        d.center = rpoint(r, 40, 160, 40, 200);
        hi_view out;
        OK(hi_world_create_view(W1, T->v[p].h, (hi_position){HI_FRONT, 0, ZERO}, &d, &out));
        int i = mnew(T, out, false);
        mattach(T, i, p, mkid_count(T, p));
        T->v[i].user_value = d.user_value;
        mset_id(&T->v[i], id);
        p = i;
    }
    S.chains++;
}

static void op_window(rng *r) {
    hi_view_def d = rdef(r, true);
    char id[IDCAP] = "";
    if (rchance(r, 0.6)) fresh_id(r, id);
    d.id = id[0] ? id : NULL;
    hi_view out = {8, 8, 8};
    bool want_handle = rchance(r, 0.85);
    OK(hi_world_create_window(W1, &d, want_handle ? &out : NULL));
    if (!want_handle) {
        size_t k = 0;
        OK(hi_world_windows(W1, hbuf, MAXV, &k));
        out = ZERO;
        for (size_t j = 0; j < k; j++)
            if (mlive(T, hbuf[j]) < 0) out = hbuf[j];
        if (is_zero(out)) fail("a created window is not among hi_world_windows");
    }
    if (out.world != g_tag1) fail("a created window's handle %s has another world's tag", hname(out));
    int i = mnew(T, out, true);
    T->v[i].level = d.window_level;
    T->v[i].seq = T->next_seq++;
    T->v[i].user_value = d.user_value;
    mset_id(&T->v[i], id);
    S.windows_created++;
}

static bool op_remove(rng *r) {
    int v = mpick(T, r, rchance(r, 0.08) ? 2 : 1);
    if (v < 0) v = mpick(T, r, 0);
    if (T->v[v].window && mwindow_count(T) <= 2) return false; /* a scene file needs a window; keep two */
    hi_view h = T->v[v].h;
    int counted = world_subtree_size(h);
    int n = msubtree(T, v, ibuf);
    if (counted != n) fail("hi_world_subviews counts %d views under %s, the client %d", counted, hname(h), n);
    if (rchance(r, 0.6)) {
        g_reported.n = 0;
        OK(hi_world_remove_view_reporting(W1, h, on_removed, &g_reported));
        if (g_reported.n != counted) fail("remove_view_reporting(%s) reported %d handles, the subtree counted %d", hname(h), g_reported.n, counted);
        if (!same(g_reported.h[0], h)) fail("remove_view_reporting(%s) reported %s first", hname(h), hname(g_reported.h[0]));
        static int order[MAXV];
        for (int k = 0; k < n; k++) order[ibuf[k]] = -1;
        for (int k = 0; k < g_reported.n; k++) {
            int j = mlive(T, g_reported.h[k]);
            if (j < 0 || !min_subtree(T, v, j)) fail("remove_view_reporting(%s) reported %s, not in the subtree", hname(h), hname(g_reported.h[k]));
            if (order[j] >= 0) fail("remove_view_reporting(%s) reported %s twice", hname(h), hname(g_reported.h[k]));
            order[j] = k;
            if (j != v && order[T->v[j].parent] < 0) fail("remove_view_reporting(%s) reported %s before its superview", hname(h), hname(g_reported.h[k]));
        }
        for (int k = 0; k < g_reported.n; k++) {
            bool contains = true;
            hi_view parent = {4, 4, 4};
            OK(hi_world_contains(W1, g_reported.h[k], &contains));
            if (contains) fail("%s, reported removed, is still contained", hname(g_reported.h[k]));
            EXPECT(HI_ERROR_STALE, hi_world_parent(W1, g_reported.h[k], &parent));
        }
        S.reported++;
        S.reported_views += (unsigned long)counted;
    } else {
        OK(hi_world_remove_view(W1, h));
    }
    for (int k = 0; k < n; k++) T->v[ibuf[k]].alive = false;
    T->live -= n;
    mdetach(T, v);
    S.removes++;
    return true;
}

static bool op_move(rng *r) {
    int v = mpick(T, r, 1);
    if (v < 0) return false;
    int p = -1;
    if (rchance(r, 0.3)) p = T->v[v].parent;
    for (int tries = 0; p < 0 && tries < 20; tries++) {
        int c = mpick(T, r, 0);
        if (!min_subtree(T, v, c)) p = c;
    }
    if (p < 0) return false;
    hi_position pos;
    int index = rposition(T, r, p, v, &pos);
    OK(hi_world_move_view(W1, T->v[v].h, T->v[p].h, pos));
    mdetach(T, v);
    mattach(T, v, p, index);
    S.moves++;
    return true;
}

static void op_scroll(rng *r) {
    int v = mpick(T, r, 0);
    double x = rcoord(r, -80, 80), y = rcoord(r, -80, 80);
    OK(hi_world_scroll(W1, T->v[v].h, x, y));
    hi_view_def d = attributes_now(T->v[v].h);
    if (d.bounds.x != x || d.bounds.y != y) fail("after scroll(%s, %g, %g) bounds.origin is (%g, %g)", hname(T->v[v].h), x, y, d.bounds.x, d.bounds.y);
}

/* One setter, read back with hi_world_get_attributes: the field changes, nothing else does. */
static void op_setter(rng *r) {
    int v = mpick(T, r, 0);
    hi_view h = T->v[v].h;
    hi_view_def before = attributes_now(h), want = before, src = rdef(r, T->v[v].window);
    uint32_t which = rbelow(r, 15);
    bool frame = false;
    if (which == 14 && !identity(before.transform)) which = 0;
    switch (which) {
    case 0: OK(hi_world_set_bounds(W1, h, src.bounds)); want.bounds = src.bounds; break;
    case 1: OK(hi_world_set_center(W1, h, src.center)); want.center = src.center; break;
    case 2: OK(hi_world_set_anchor_point(W1, h, src.anchor_point)); want.anchor_point = src.anchor_point; break;
    case 3: OK(hi_world_set_transform(W1, h, src.transform)); want.transform = src.transform; break;
    case 4: OK(hi_world_set_hidden(W1, h, src.hidden)); want.hidden = src.hidden; break;
    case 5: OK(hi_world_set_alpha(W1, h, src.alpha)); want.alpha = src.alpha; break;
    case 6: OK(hi_world_set_user_interaction_enabled(W1, h, src.user_interaction_enabled)); want.user_interaction_enabled = src.user_interaction_enabled; break;
    case 7: OK(hi_world_set_hit_test_insets(W1, h, src.hit_test_insets)); want.hit_test_insets = src.hit_test_insets; break;
    case 8:
        OK(hi_world_set_minimum_hit_size(W1, h, src.minimum_hit_width, src.minimum_hit_height));
        want.minimum_hit_width = src.minimum_hit_width, want.minimum_hit_height = src.minimum_hit_height;
        break;
    case 9: OK(hi_world_set_shape(W1, h, src.shape, src.corner_radius)); want.shape = src.shape, want.corner_radius = src.corner_radius; break;
    case 10: OK(hi_world_set_hit_tests_subviews_outside_bounds(W1, h, !before.hit_tests_subviews_outside_bounds)); want.hit_tests_subviews_outside_bounds ^= 1; break;
    case 11: OK(hi_world_set_pass_through(W1, h, src.pass_through)); want.pass_through = src.pass_through; break;
    case 12: OK(hi_world_set_user_value(W1, h, src.user_value)); want.user_value = T->v[v].user_value = src.user_value; break;
    case 13: {
        /* Sets geometry, eligibility, hit area and user value; not the id, level or redirect. */
        src.id = "set-attributes-ignores-this-id";
        src.window_level = 77;
        OK(hi_world_set_attributes(W1, h, &src));
        hi_view_def keep = want;
        want = src;
        want.user_value = T->v[v].user_value = src.user_value;
        want.window_level = keep.window_level, want.superview = keep.superview, want.redirect = keep.redirect;
        break;
    }
    default: {
        hi_point origin = rpoint(r, -20, 300, -20, 500), size = rpoint(r, 0, 200, 0, 200);
        hi_rect f = {origin.x, origin.y, size.x, size.y};
        OK(hi_world_set_frame(W1, h, f));
        want.bounds.width = f.width, want.bounds.height = f.height;
        want.center = (hi_point){f.x + before.anchor_point.x * f.width, f.y + before.anchor_point.y * f.height};
        frame = true;
        break;
    }
    }
    hi_view_def after = attributes_now(h);
    if (frame) {
        double dx = after.center.x - want.center.x, dy = after.center.y - want.center.y;
        double tolerance = 1e-9 * (1 + (want.center.x < 0 ? -want.center.x : want.center.x) + (want.center.y < 0 ? -want.center.y : want.center.y));
        if (dx > tolerance || dx < -tolerance || dy > tolerance || dy < -tolerance)
            fail("set_frame(%s): center (%.17g, %.17g), expected the frame's origin plus anchor point times size (%.17g, %.17g)", hname(h), after.center.x, after.center.y, want.center.x, want.center.y);
        want.center = after.center;
    }
    const char *field = def_diff(&want, &after, true, true);
    if (field) fail("setter %u on %s: %s reads back wrong", which, hname(h), field);
    if (!same(after.superview, before.superview) || !same(after.redirect, before.redirect) || (T->v[v].window && !(after.window_level == before.window_level)))
        fail("setter %u on %s changed its superview, redirect or level", which, hname(h));
    size_t length = 0;
    char id[IDCAP];
    OK(hi_world_view_id(W1, h, id, sizeof id, &length));
    if (strcmp(id, T->v[v].id) != 0) fail("setter %u on %s changed its id to \"%s\"", which, hname(h), id);
    S.setters++;
}

static void op_level(rng *r) {
    int w = mpick(T, r, 2);
    double level = rlevel(r);
    OK(hi_world_set_window_level(W1, T->v[w].h, level));
    T->v[w].level = level;
    double got = 4242;
    OK(hi_world_window_level(W1, T->v[w].h, &got));
    if (!(got == level)) fail("set_window_level(%s, %g) reads back %g", hname(T->v[w].h), level, got);
    S.levels++;
}

static void op_redirect(rng *r) {
    int v = mpick(T, r, 0);
    hi_view target = rchance(r, 0.25) ? ZERO : T->v[mpick(T, r, 0)].h;
    OK(hi_world_set_redirect(W1, T->v[v].h, target));
    T->v[v].redirect = target;
    hi_view got = {4, 4, 4};
    OK(hi_world_redirect_target(W1, T->v[v].h, &got));
    if (!same(got, target)) fail("set_redirect(%s, %s) reads back %s", hname(T->v[v].h), hname(target), hname(got));
    S.redirects++;
}

static int op_id(rng *r) {
    int v = mpick(T, r, 0), edits = 1;
    hi_view h = T->v[v].h;
    char id[IDCAP] = "";
    uint32_t variant = rbelow(r, 20);
    if (variant < 3) {
        /* Clear. */
        OK(hi_world_set_id(W1, h, rchance(r, 0.5) ? NULL : ""));
    } else if (variant < 5) {
        /* Take another view's id in the same transaction (clear it there first). */
        int a = -1;
        for (int k = 0; k < 8 && a < 0; k++) {
            int c = mpick(T, r, 0);
            if (c != v && T->v[c].id[0]) a = c;
        }
        if (a < 0) fresh_id(r, id);
        else {
            strcpy(id, T->v[a].id);
            OK(hi_world_set_id(W1, T->v[a].h, NULL));
            T->v[a].id[0] = '\0';
            edits++;
        }
        OK(hi_world_set_id(W1, h, id));
    } else if (variant < 7 && T->v[v].id[0]) {
        /* Its own id again: no other view has it. */
        strcpy(id, T->v[v].id);
        OK(hi_world_set_id(W1, h, id));
    } else if (variant < 10) {
        /* The name "#slot.generation" (or "~1" after it) of a view without an id, or of a removed view. */
        hi_view named;
        if (ngraves && rchance(r, 0.25)) {
            named = graves[rbelow(r, (uint32_t)ngraves)].h;
        } else {
            int u = mpick(T, r, 0);
            for (int k = 0; k < 8 && T->v[u].id[0]; k++) u = mpick(T, r, 0);
            named = T->v[u].h;
        }
        snprintf(id, sizeof id, rchance(r, 0.8) ? "#%u.%u" : "#%u.%u~1", named.slot, named.generation);
        if (mid_owner(T, id) >= 0 && mid_owner(T, id) != v) fresh_id(r, id);
        OK(hi_world_set_id(W1, h, id));
        /* And sometimes the next name the writer might pick, on another view. */
        int b = mpick(T, r, 0);
        char next[IDCAP + 4];
        snprintf(next, sizeof next, "%s~1", id);
        if (id[0] == '#' && strlen(next) < IDCAP && b != v && rchance(r, 0.4) && mid_owner(T, next) < 0) {
            OK(hi_world_set_id(W1, T->v[b].h, next));
            mset_id(&T->v[b], next);
            edits++;
        }
    } else {
        fresh_id(r, id);
        OK(hi_world_set_id(W1, h, id));
    }
    mset_id(&T->v[v], id);
    char got[IDCAP + 8];
    size_t length = 0;
    OK(hi_world_view_id(W1, h, got, sizeof got, &length));
    if (strcmp(got, id) != 0) fail("set_id(%s, \"%s\") reads back \"%s\"", hname(h), id, got);
    S.ids++;
    return edits;
}

static void op_pred(rng *r) {
    int v = mpick(T, r, 0);
    pred_ctx *p = new_pred(T->v[v].h);
    OK(hi_world_set_predicate(W1, T->v[v].h, rchance(r, 0.8) ? pred_true : NULL, p, pred_release));
    S.predicates++;
}

/* Errors that do not reject: HI_ERROR_NULL and HI_ERROR_TRANSACTION leave the transaction as it was. */
static void op_nonreject(rng *r) {
    hi_view h = T->v[mpick(T, r, 0)].h, out = {6, 6, 6};
    switch (rbelow(r, 5)) {
    case 0: EXPECT(HI_ERROR_NULL, hi_world_create_view(W1, h, (hi_position){HI_FRONT, 0, ZERO}, NULL, &out)); break;
    case 1: EXPECT(HI_ERROR_NULL, hi_world_create_window(W1, NULL, &out)); break;
    case 2: EXPECT(HI_ERROR_TRANSACTION, hi_world_begin(W1)); break;
    case 3: EXPECT(HI_ERROR_NULL, hi_world_set_attributes(W1, h, NULL)); break;
    default: EXPECT(HI_ERROR_NULL, hi_world_scroll(NULL, h, 1, 1)); break;
    }
    if (!same(out, (hi_view){6, 6, 6})) fail("a create that failed with HI_ERROR_NULL wrote *out_view");
    S.non_rejecting++;
}

static void valid_edit(rng *r, txn *x) {
    int weights[OP_COUNT] = {20, 2, 9, 10, 8, 25, 4, 5, 8, 2, 1, 2, 0};
    if (T->live < 300 && T->n < MAXV - 400 && rchance(r, 0.004)) weights[OP_CHAIN] = 100000;
    if (T->live > 220) weights[OP_REMOVE] = 30, weights[OP_CREATE] = 6, weights[OP_WINDOW] = 0;
    if (T->live < 80) weights[OP_CREATE] = 45, weights[OP_REMOVE] = 4;
    if (mwindow_count(T) >= 6) weights[OP_WINDOW] = 0;
    if (T->n > MAXV - 64) weights[OP_CREATE] = weights[OP_WINDOW] = weights[OP_CHAIN] = 0;
    int total = 0;
    for (int k = 0; k < OP_COUNT; k++) total += weights[k];
    int pick = (int)rbelow(r, (uint32_t)total), op = 0;
    while (pick >= weights[op]) pick -= weights[op++];
    switch (op) {
    case OP_CREATE: op_create(r); break;
    case OP_WINDOW: op_window(r); break;
    case OP_REMOVE:
        if (!op_remove(r)) op_scroll(r);
        break;
    case OP_MOVE:
        if (!op_move(r)) op_scroll(r);
        break;
    case OP_SCROLL: op_scroll(r); break;
    case OP_SETTER: op_setter(r); break;
    case OP_LEVEL: op_level(r); break;
    case OP_REDIRECT: op_redirect(r); break;
    case OP_ID: x->ok += op_id(r) - 1; break;
    case OP_PRED: op_pred(r); break;
    case OP_COMPACT: OK(hi_world_compact(W1)); break;
    case OP_CHAIN: op_chain(r); break;
    default: op_nonreject(r); return;
    }
    x->ok++;
}

/* ------------------------------------------------------------------------------------------ */
/* Invalid edits (each rejects the open transaction)                                           */

/* "Messages ... name the function, the view (by id, else as #slot.generation) and the field." */
static void check_message_names(const mview *v) {
    char name[IDCAP + 32];
    if (v->id[0]) snprintf(name, sizeof name, "%s", v->id);
    else snprintf(name, sizeof name, "#%u.%u", v->h.slot, v->h.generation);
    if (strstr(hi_last_error(), name) == NULL) fail("the message of a refused edit of %s does not name it as \"%s\": %s", hname(v->h), name, hi_last_error());
}

static void invalid_value(rng *r) {
    int v = mpick(T, r, 0), nw = mpick(T, r, 1), w = mpick(T, r, 2);
    hi_view h = T->v[v].h, out = {6, 6, 6};
    hi_view_def d = rdef(r, false);
    uint32_t which = rbelow(r, 22);
    switch (which) {
    case 0: EXPECT(HI_ERROR_INVALID, hi_world_scroll(W1, h, NAN, 0)); break;
    case 1: EXPECT(HI_ERROR_INVALID, hi_world_scroll(W1, h, 0, INFINITY)); break;
    case 2: EXPECT(HI_ERROR_INVALID, hi_world_set_bounds(W1, h, (hi_rect){0, 0, NAN, 10})); break;
    case 3: EXPECT(HI_ERROR_INVALID, hi_world_set_center(W1, h, (hi_point){INFINITY, 0})); break;
    case 4: EXPECT(HI_ERROR_INVALID, hi_world_set_anchor_point(W1, h, (hi_point){NAN, 0.5})); break;
    case 5: EXPECT(HI_ERROR_INVALID, hi_world_set_transform(W1, h, (hi_transform){1, 0, 0, 1, NAN, 0})); break;
    case 6: EXPECT(HI_ERROR_INVALID, hi_world_set_alpha(W1, h, -1)); break;
    case 7: EXPECT(HI_ERROR_INVALID, hi_world_set_alpha(W1, h, NAN)); break;
    case 8: EXPECT(HI_ERROR_INVALID, hi_world_set_hit_test_insets(W1, h, (hi_insets){NAN, 0, 0, 0})); break;
    case 9: EXPECT(HI_ERROR_INVALID, hi_world_set_minimum_hit_size(W1, h, INFINITY, 0)); break;
    case 10: EXPECT(HI_ERROR_INVALID, hi_world_set_shape(W1, h, (hi_shape)7, 0)); break;
    case 11: EXPECT(HI_ERROR_INVALID, hi_world_set_shape(W1, h, HI_SHAPE_ROUNDED_RECT, -1)); break;
    case 12: EXPECT(HI_ERROR_INVALID, hi_world_set_window_level(W1, T->v[w].h, NAN)); break;
    case 13:
        if (nw < 0) EXPECT(HI_ERROR_INVALID, hi_world_set_window_level(W1, T->v[w].h, INFINITY));
        else EXPECT(HI_ERROR_INVALID, hi_world_set_window_level(W1, T->v[nw].h, 1));
        break;
    case 14: {
        /* A window cannot be moved. */
        int p = nw >= 0 && !min_subtree(T, w, nw) ? nw : w;
        EXPECT(HI_ERROR_INVALID, hi_world_move_view(W1, T->v[w].h, T->v[p].h, (hi_position){HI_FRONT, 0, ZERO}));
        break;
    }
    case 15:
        /* set_frame under a non-identity transform. */
        OK(hi_world_set_transform(W1, h, (hi_transform){0, 1, -1, 0, 0, 0}));
        EXPECT(HI_ERROR_INVALID, hi_world_set_frame(W1, h, (hi_rect){0, 0, 10, 10}));
        break;
    case 16:
        if (!identity(attributes_now(h).transform)) OK(hi_world_set_transform(W1, h, (hi_transform){1, 0, 0, 1, 0, 0}));
        EXPECT(HI_ERROR_INVALID, hi_world_set_frame(W1, h, (hi_rect){0, NAN, 10, 10}));
        break;
    case 17: d.center.y = NAN; EXPECT(HI_ERROR_INVALID, hi_world_set_attributes(W1, h, &d)); break;
    case 18: d.alpha = -0.5f; EXPECT(HI_ERROR_INVALID, hi_world_set_attributes(W1, h, &d)); break;
    case 19: d.bounds.height = -INFINITY; EXPECT(HI_ERROR_INVALID, hi_world_create_view(W1, h, (hi_position){HI_FRONT, 0, ZERO}, &d, &out)); break;
    case 20:
        d = rdef(r, true);
        d.window_level = NAN;
        EXPECT(HI_ERROR_INVALID, hi_world_create_window(W1, &d, &out));
        break;
    default: d.shape = (hi_shape)5; EXPECT(HI_ERROR_INVALID, hi_world_create_view(W1, h, (hi_position){HI_BACK, 0, ZERO}, &d, &out)); break;
    }
    if (which <= 11 && (T->v[v].id[0] == '\0' || plain_id(T->v[v].id))) check_message_names(&T->v[v]); /* others may be escaped */
    if (!same(out, (hi_view){6, 6, 6})) fail("a refused create wrote *out_view");
}

static void invalid_edit(rng *r) {
    uint32_t kind = rbelow(r, 9);
    int dead = -1;
    for (int k = 0; k < 32 && dead < 0 && T->n > 0; k++) {
        int j = (int)rbelow(r, (uint32_t)T->n);
        if (!T->v[j].alive) dead = j;
    }
    if ((kind == 0 || kind == 8) && dead < 0) kind = 3;
    hi_view out = {6, 6, 6};
    S.invalid[kind]++;
    switch (kind) {
    case 0: edit_naming((int)rbelow(r, NCODES), T->v[dead].h, T, r, HI_ERROR_STALE); break;
    case 1: {
        int code = (int)rbelow(r, NCODES);
        edit_naming(code, foreign[rbelow(r, (uint32_t)nforeign)], T, r, HI_ERROR_STALE);
        break;
    }
    case 2: edit_naming((int)rbelow(r, 27), ZERO, T, r, HI_ERROR_STALE); break;
    case 3: invalid_value(r); break;
    case 4: {
        /* A move into the view's own subtree (itself, or a view under it). */
        int v = mpick(T, r, 1);
        if (v < 0) {
            invalid_value(r);
            break;
        }
        int n = msubtree(T, v, ibuf);
        int p = n > 1 && rchance(r, 0.7) ? ibuf[1 + rbelow(r, (uint32_t)n - 1)] : v;
        EXPECT(HI_ERROR_INVALID, hi_world_move_view(W1, T->v[v].h, T->v[p].h, (hi_position){HI_FRONT, 0, ZERO}));
        break;
    }
    case 5: {
        /* A duplicate id. */
        int a = -1;
        for (int k = 0; k < 16 && a < 0; k++) {
            int c = mpick(T, r, 0);
            if (T->v[c].id[0]) a = c;
        }
        if (a < 0) {
            a = mpick(T, r, 0);
            char id[IDCAP];
            fresh_id(r, id);
            OK(hi_world_set_id(W1, T->v[a].h, id));
            mset_id(&T->v[a], id);
        }
        int b = mpick(T, r, 0);
        for (int k = 0; k < 8 && b == a; k++) b = mpick(T, r, 0);
        hi_view_def d = rdef(r, rchance(r, 0.3));
        d.id = T->v[a].id;
        if (b != a && rchance(r, 0.5)) EXPECT(HI_ERROR_INVALID, hi_world_set_id(W1, T->v[b].h, T->v[a].id));
        else if (rchance(r, 0.5)) EXPECT(HI_ERROR_INVALID, hi_world_create_view(W1, T->v[b].h, (hi_position){HI_FRONT, 0, ZERO}, &d, &out));
        else EXPECT(HI_ERROR_INVALID, hi_world_create_window(W1, &d, &out));
        break;
    }
    case 6: {
        static const char *const bad[] = {"bad\xff", "truncated\xc3", "overlong\xc0\xaf", "surrogate\xed\xa0\x80"};
        hi_view h = T->v[mpick(T, r, 0)].h;
        EXPECT(HI_ERROR_INVALID, hi_world_set_id(W1, h, bad[rbelow(r, 4)]));
        break;
    }
    case 7: {
        /* Bad positions. */
        int p = mpick(T, r, 0), k = mkid_count(T, p), nw = mpick(T, r, 1);
        hi_view_def d = rdef(r, false);
        hi_view ph = T->v[p].h;
        switch (rbelow(r, 5)) {
        case 0: EXPECT(HI_ERROR_INVALID, hi_world_create_view(W1, ph, (hi_position){HI_AT_INDEX, k + 1, ZERO}, &d, &out)); break;
        case 1: EXPECT(HI_ERROR_INVALID, hi_world_create_view(W1, ph, (hi_position){HI_AT_INDEX, -1, ZERO}, &d, &out)); break;
        case 2: EXPECT(HI_ERROR_INVALID, hi_world_create_view(W1, ph, (hi_position){HI_ABOVE, 0, ph}, &d, &out)); break; /* not its own subview */
        case 3: EXPECT(HI_ERROR_INVALID, hi_world_create_view(W1, ph, (hi_position){(hi_place)9, 0, ZERO}, &d, &out)); break;
        default:
            if (nw < 0) {
                EXPECT(HI_ERROR_INVALID, hi_world_create_view(W1, ph, (hi_position){HI_AT_INDEX, k + 7, ZERO}, &d, &out));
            } else {
                /* Counted without the view itself, its superview's subviews run from 0 to count - 1. */
                int parent = T->v[nw].parent;
                EXPECT(HI_ERROR_INVALID, hi_world_move_view(W1, T->v[nw].h, T->v[parent].h, (hi_position){HI_AT_INDEX, mkid_count(T, parent), ZERO}));
            }
            break;
        }
        break;
    }
    default: edit_naming(29 + (int)rbelow(r, 3), T->v[dead].h, T, r, HI_ERROR_STALE); break;
    }
    if (!same(out, (hi_view){6, 6, 6})) fail("a refused create wrote *out_view");
}

/* Edits after the rejection: HI_ERROR_REJECTED, and nothing done. */
static void after_rejection(rng *r) {
    int n = (int)rbelow(r, 4);
    for (int k = 0; k < n; k++) {
        hi_view live = T->v[mpick(T, r, 0)].h, out = {6, 6, 6};
        hi_view_def d = rdef(r, false);
        g_reported.n = 0;
        switch (rbelow(r, 8)) {
        case 0: EXPECT(HI_ERROR_REJECTED, hi_world_scroll(W1, live, 1, 2)); break;
        case 1: EXPECT(HI_ERROR_REJECTED, hi_world_set_hidden(W1, live, true)); break;
        case 2: EXPECT(HI_ERROR_REJECTED, hi_world_create_view(W1, live, (hi_position){HI_FRONT, 0, ZERO}, &d, &out)); break;
        case 3: EXPECT(HI_ERROR_REJECTED, hi_world_remove_view_reporting(W1, live, on_removed, &g_reported)); break;
        case 4: EXPECT(HI_ERROR_REJECTED, hi_world_set_id(W1, live, "after-rejection")); break;
        case 5: EXPECT(HI_ERROR_REJECTED, hi_world_set_predicate(W1, live, pred_true, new_pred(live), pred_release)); break;
        case 6: EXPECT(HI_ERROR_REJECTED, hi_world_compact(W1)); break;
        default: EXPECT(HI_ERROR_REJECTED, hi_world_create_window(W1, &d, &out)); break;
        }
        if (!same(out, (hi_view){6, 6, 6}) || g_reported.n != 0) fail("an edit of a rejected transaction produced output");
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Transactions                                                                                */

#define MAXUNDONE 4096
static hi_view undone[MAXUNDONE];
static int nundone;

static void after_commit(rng *r) {
    OK(hi_world_check(W1));
    check_tree((source){W1, NULL, "the world"}, M, r);
    check_tree((source){NULL, cur_snap, "the new snapshot"}, M, r);
    refresh_attrs();
    build_points(r);
    answer(cur_snap, &PS, PH, PF, r);
    check_hits_mirror(cur_snap, &PS, PH, PF, r);
    check_export(cur_snap, &PS, PH, PF, r);
    if ((size_t)M->live > S.max_views) S.max_views = (size_t)M->live;
}

static void add_grave(hi_view h) {
    if (ngraves == capgraves) {
        capgraves = capgraves ? capgraves * 2 : 1024;
        graves = realloc(graves, (size_t)capgraves * sizeof *graves);
        if (!graves) fail("out of memory");
    }
    graves[ngraves++] = (grave){h, false};
}

/* Commits the open transaction (T holds what it should publish) and checks everything. */
static void publish(rng *r) {
    bool want = rchance(r, 0.85);
    hi_snapshot *s = NULL;
    OK(hi_world_commit(W1, want ? &s : NULL));
    if (!want) OK(hi_world_acquire_snapshot(W1, &s));
    uint64_t version = 0, snapshot_version = 0;
    OK(hi_world_version(W1, &version));
    OK(hi_snapshot_version(s, &snapshot_version));
    if (version != cur_version + 1 || snapshot_version != version)
        fail("a commit after version %llu: world version %llu, snapshot version %llu", (unsigned long long)cur_version, (unsigned long long)version,
             (unsigned long long)snapshot_version);
    if (rchance(r, 0.2)) EXPECT(HI_ERROR_TRANSACTION, hi_world_commit(W1, NULL));
    /* Handles made by this transaction: never one the world gave out before; count slot reuse. */
    for (int i = M->n; i < T->n; i++) {
        hi_view h = T->v[i].h;
        for (int g = 0; g < ngraves; g++) {
            if (graves[g].h.slot != h.slot) continue;
            if (graves[g].h.generation == h.generation) fail("the new view %s has the handle of a removed view", hname(h));
            if (!graves[g].reused) graves[g].reused = true, S.reuses++;
        }
        for (int u = 0; u < nundone; u++)
            if (same(undone[u], h)) S.undone_reused++;
    }
    for (int i = 0; i < T->n; i++)
        if (!T->v[i].alive && (i >= M->n || M->v[i].alive)) add_grave(T->v[i].h);
    mirror *t = M;
    M = T, T = t;
    hi_snapshot_release(cur_snap);
    cur_snap = s;
    cur_version = version;
    S.commits++;
    after_commit(r);
}

/* After a rejected or discarded transaction: the world is the last commit's, tree, attributes,
 * answers (through an export, then through a compact commit's snapshot) and handles. */
static void verify_restored(rng *r) {
    uint64_t version = 0;
    OK(hi_world_version(W1, &version));
    if (version != cur_version) fail("version %llu after an undone transaction, %llu before", (unsigned long long)version, (unsigned long long)cur_version);
    for (int i = M->n; i < T->n; i++) {
        hi_view h = T->v[i].h, parent = {4, 4, 4};
        bool contains = true;
        OK(hi_world_contains(W1, h, &contains));
        if (contains) fail("%s, created by an undone transaction, is still a view", hname(h));
        EXPECT(HI_ERROR_STALE, hi_world_parent(W1, h, &parent));
        if (nundone < MAXUNDONE) undone[nundone++] = h;
    }
    check_tree((source){W1, NULL, "the world after an undone transaction"}, M, r);
    for (int i = 0; i < M->n; i++) {
        if (!M->v[i].alive) continue;
        hi_view_def d = attributes_now(M->v[i].h);
        const char *field = def_diff(&attrs[i], &d, true, true);
        if (field) fail("%s's %s was not restored by the undo", hname(M->v[i].h), field);
    }
    check_export(cur_snap, &PS, PH, PF, r);
    static hi_hit hits[MAXP];
    static bool found[MAXP];
    OK(hi_world_begin(W1));
    OK(hi_world_compact(W1));
    hi_snapshot *s = NULL;
    OK(hi_world_commit(W1, &s));
    uint64_t sv = 0;
    OK(hi_snapshot_version(s, &sv));
    OK(hi_world_version(W1, &version));
    if (version != cur_version + 1 || sv != version) fail("a compact commit published version %llu (snapshot %llu) after %llu", (unsigned long long)version, (unsigned long long)sv, (unsigned long long)cur_version);
    OK(hi_snapshot_hit_test_batch(s, PS.p, (size_t)PS.n, hits, found, 1));
    for (int k = 0; k < PS.n; k++)
        if (found[k] != PF[k] || (found[k] && (!same(hits[k].view, PH[k].view) || hits[k].user_value != PH[k].user_value)))
            fail("after an undone transaction and a compact commit, (%.17g, %.17g) hits %s, before it hit %s", PS.p[k].x, PS.p[k].y,
                 found[k] ? hname(hits[k].view) : "nothing", PF[k] ? hname(PH[k].view) : "nothing");
    check_tree((source){NULL, s, "the snapshot after an undone transaction"}, M, r);
    hi_snapshot_release(cur_snap);
    cur_snap = s;
    cur_version = version;
    S.compact_commits++;
}

static void frame_commit(rng *r) {
    mcopy(T, M);
    txn x = {0};
    OK(hi_world_begin(W1));
    int edits = 1 + (int)rbelow(r, 7);
    if (rchance(r, 0.05)) edits = 30 + (int)rbelow(r, 50), S.big++;
    for (int e = 0; e < edits; e++) {
        valid_edit(r, &x);
        if (rchance(r, 0.03)) OK(hi_world_check(W1));
    }
    if (x.ok == 0) {
        op_scroll(r);
        x.ok++;
    }
    publish(r);
}

static void frame_rejected(rng *r) {
    mcopy(T, M);
    txn x = {0};
    OK(hi_world_begin(W1));
    int before = rchance(r, 0.1) ? 30 + (int)rbelow(r, 40) : (int)rbelow(r, 5);
    for (int e = 0; e < before; e++) valid_edit(r, &x);
    invalid_edit(r);
    after_rejection(r);
    hi_snapshot *s = SNAP_SENTINEL;
    EXPECT(HI_ERROR_REJECTED, hi_world_commit(W1, &s));
    if (s != SNAP_SENTINEL) fail("a rejected commit wrote *out_snapshot");
    EXPECT(HI_ERROR_TRANSACTION, hi_world_commit(W1, NULL)); /* closed either way */
    S.rejected++;
    verify_restored(r);
}

static void frame_discard(rng *r) {
    mcopy(T, M);
    txn x = {0};
    OK(hi_world_begin(W1));
    int edits = 1 + (int)rbelow(r, 5);
    for (int e = 0; e < edits; e++) valid_edit(r, &x);
    OK(hi_world_discard(W1));
    EXPECT(HI_ERROR_TRANSACTION, hi_world_commit(W1, NULL));
    OK(hi_world_discard(W1)); /* none open: does nothing */
    S.discarded++;
    verify_restored(r);
}

/* A transaction without edits (perhaps with errors that are not edits) publishes nothing. */
static void frame_empty(rng *r) {
    mcopy(T, M);
    OK(hi_world_begin(W1));
    if (rchance(r, 0.5)) op_nonreject(r);
    hi_snapshot *s = NULL;
    OK(hi_world_commit(W1, &s));
    uint64_t version = 0, sv = 0;
    OK(hi_world_version(W1, &version));
    if (s == NULL) fail("a commit without edits did not hand back a snapshot");
    OK(hi_snapshot_version(s, &sv));
    if (version != cur_version || sv != cur_version) fail("a commit without edits: world version %llu, snapshot %llu, expected %llu", (unsigned long long)version, (unsigned long long)sv, (unsigned long long)cur_version);
    hi_snapshot_release(s);
    S.empty++;
}

/* Calls out of turn: no transaction open, NULL arguments. */
static void misuse(rng *r) {
    hi_view live = M->v[mpick(M, r, 0)].h, h = {4, 4, 4};
    EXPECT(HI_ERROR_TRANSACTION, hi_world_scroll(W1, live, 1, 1));
    EXPECT(HI_ERROR_TRANSACTION, hi_world_set_hidden(W1, live, true));
    EXPECT(HI_ERROR_TRANSACTION, hi_world_commit(W1, NULL));
    EXPECT(HI_ERROR_TRANSACTION, hi_world_compact(W1));
    OK(hi_world_discard(W1));
    EXPECT(HI_ERROR_NULL, hi_world_begin(NULL));
    EXPECT(HI_ERROR_NULL, hi_world_commit(NULL, NULL));
    EXPECT(HI_ERROR_NULL, hi_world_discard(NULL));
    hi_world_destroy(NULL);
    hi_snapshot_release(NULL);
    hi_hit hit = {{4, 4, 4}, 4};
    bool found = true;
    size_t count = 5;
    EXPECT(HI_ERROR_NULL, hi_snapshot_hit_test(NULL, 1, 1, &hit, &found));
    EXPECT(HI_ERROR_NULL, hi_snapshot_hit_test(cur_snap, 1, 1, NULL, &found));
    EXPECT(HI_ERROR_NULL, hi_snapshot_hit_test_batch(cur_snap, NULL, 1, &hit, &found, 1));
    EXPECT(HI_ERROR_NULL, hi_snapshot_subviews(cur_snap, live, NULL, 3, &count));
    EXPECT(HI_ERROR_NULL, hi_world_view_for_id(W1, NULL, &h, &found));
    EXPECT(HI_ERROR_NULL, hi_world_acquire_snapshot(W1, NULL));
    OK(hi_snapshot_hit_test_batch(cur_snap, NULL, 0, NULL, NULL, 2)); /* no points: no buffers needed */
    hi_world *none = (hi_world *)&g_tmp;
    EXPECT(HI_ERROR_SCENE, hi_world_write_scene(W1, "/nonexistent-outside-client-dir/scene.json"));
    EXPECT(HI_ERROR_SCENE, hi_world_load_scene("/nonexistent-outside-client-dir/scene.json", &none));
    if (none != (hi_world *)&g_tmp) fail("a failed hi_world_load_scene wrote *out_world");
    if (!same(hit.view, (hi_view){4, 4, 4}) || !found || count != 5 || !same(h, (hi_view){4, 4, 4})) fail("a call that failed with HI_ERROR_NULL wrote its output");
    uint64_t version = 0;
    OK(hi_world_version(W1, &version));
    if (version != cur_version) fail("calls out of turn changed the version");
}

/* ------------------------------------------------------------------------------------------ */
/* Held snapshots                                                                              */

#define NHELD 4
typedef struct held {
    hi_snapshot *s;
    uint64_t version;
    size_t count;
    int np;
    hi_point *p;
    hi_hit *hits;
    bool *found;
    hi_view sample[16], parent[16];
    uint64_t value[16];
    char id[16][IDCAP];
    int ns;
    int mark; /* M->n when acquired: M's entries from here on were created later */
} held;
static held H[NHELD];

static void held_check(held *h) {
    static hi_hit hits[MAXP];
    static bool found[MAXP];
    uint64_t version = 0;
    size_t count = 0;
    OK(hi_snapshot_version(h->s, &version));
    OK(hi_snapshot_view_count(h->s, &count));
    if (version != h->version || count != h->count) fail("a held snapshot changed: version %llu -> %llu, views %zu -> %zu", (unsigned long long)h->version, (unsigned long long)version, h->count, count);
    OK(hi_snapshot_hit_test_batch(h->s, h->p, (size_t)h->np, hits, found, 1));
    for (int k = 0; k < h->np; k++)
        if (found[k] != h->found[k] || (found[k] && (!same(hits[k].view, h->hits[k].view) || hits[k].user_value != h->hits[k].user_value)))
            fail("the held snapshot of version %llu now answers (%.17g, %.17g) with %s, it answered %s", (unsigned long long)h->version, h->p[k].x, h->p[k].y,
                 found[k] ? hname(hits[k].view) : "nothing", h->found[k] ? hname(h->hits[k].view) : "nothing");
    for (int k = 0; k < h->ns; k++) {
        bool contains = false;
        uint64_t value = 0;
        hi_view parent = {4, 4, 4};
        OK(hi_snapshot_contains(h->s, h->sample[k], &contains));
        OK(hi_snapshot_user_value(h->s, h->sample[k], &value));
        OK(hi_snapshot_parent(h->s, h->sample[k], &parent));
        char id[IDCAP + 8];
        size_t length = 0;
        OK(hi_snapshot_view_id(h->s, h->sample[k], id, sizeof id, &length));
        if (!contains || value != h->value[k] || !same(parent, h->parent[k]) || strcmp(id, h->id[k]) != 0)
            fail("the held snapshot of version %llu changed its view %s", (unsigned long long)h->version, hname(h->sample[k]));
    }
    /* Views created after it (often in a reused slot) are not views of it. */
    if (W1 != NULL)
        for (int k = 0, tries = 0; k < 4 && tries < 32 && h->mark < M->n; tries++) {
            int i = h->mark + (int)(rnext(&(rng){(uint64_t)tries * 7919u + h->version}) % (uint64_t)(M->n - h->mark));
            hi_view later = M->v[i].h;
            bool contains = true;
            uint64_t value = 31337;
            OK(hi_snapshot_contains(h->s, later, &contains));
            EXPECT(HI_ERROR_STALE, hi_snapshot_user_value(h->s, later, &value));
            if (contains || value != 31337) fail("the held snapshot of version %llu takes %s, a view created after it", (unsigned long long)h->version, hname(later));
            k++;
        }
    S.held_checks++;
}

static void held_take(held *h, rng *r) {
    if (h->s) hi_snapshot_release(h->s);
    if (!h->p) {
        h->p = malloc(MAXP * sizeof *h->p), h->hits = malloc(MAXP * sizeof *h->hits), h->found = malloc(MAXP * sizeof *h->found);
        if (!h->p || !h->hits || !h->found) fail("out of memory");
    }
    OK(hi_world_acquire_snapshot(W1, &h->s));
    OK(hi_snapshot_version(h->s, &h->version));
    OK(hi_snapshot_view_count(h->s, &h->count));
    if (h->version != cur_version) fail("acquired version %llu, the last commit is %llu", (unsigned long long)h->version, (unsigned long long)cur_version);
    h->mark = M->n;
    h->np = PS.n;
    memcpy(h->p, PS.p, (size_t)PS.n * sizeof *h->p);
    memcpy(h->hits, PH, (size_t)PS.n * sizeof *h->hits);
    memcpy(h->found, PF, (size_t)PS.n * sizeof *h->found);
    h->ns = 0;
    for (int k = 0; k < 16; k++) {
        int i = mpick(M, r, 0);
        h->sample[h->ns] = M->v[i].h;
        h->value[h->ns] = M->v[i].user_value;
        strcpy(h->id[h->ns], M->v[i].id);
        h->parent[h->ns++] = M->v[i].parent >= 0 ? M->v[M->v[i].parent].h : ZERO;
    }
    held_check(h); /* a second snapshot of one version answers as the first */
}

/* ------------------------------------------------------------------------------------------ */
/* Reader threads                                                                              */

typedef struct reader {
    int index;
    pthread_t thread;
    unsigned long iterations, queries, versions;
    uint64_t first_version, last_version;
} reader;
static atomic_bool g_writing;

static void rfail(reader *rd, const char *format, ...) {
    va_list args;
    va_start(args, format);
    fprintf(stderr, "outside-client: VIOLATION (seed %llu, reader thread %d): ", g_seed, rd->index);
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, "\n");
    fflush(stderr);
    _Exit(1);
}
#define ROK(call)                                                                                         \
    do {                                                                                                  \
        hi_status s_ = (call);                                                                            \
        if (s_ != HI_OK) rfail(rd, "%s returned %s: %s", #call, status_name(s_), hi_last_error()); \
    } while (0)

static void *reader_main(void *argument) {
    reader *rd = argument;
    rng r = {g_seed * 1000003u + (uint64_t)rd->index};
    hi_snapshot *kept = NULL;
    uint64_t kept_version = 0;
    int kept_age = 0;
    hi_point kp[16], bp[64];
    hi_hit kh[16], bh[64];
    bool kf[16], bf[64];
    hi_view wa[64], wb[64];
    while (atomic_load(&g_writing) || rd->iterations < 3) {
        hi_snapshot *s = NULL;
        ROK(hi_world_acquire_snapshot(W1, &s));
        uint64_t version = 0;
        ROK(hi_snapshot_version(s, &version));
        if (version < rd->last_version) rfail(rd, "version %llu after %llu", (unsigned long long)version, (unsigned long long)rd->last_version);
        if (version != rd->last_version) rd->versions++;
        if (!rd->first_version) rd->first_version = version;
        rd->last_version = version;
        size_t c1 = 0, c2 = 1;
        ROK(hi_snapshot_view_count(s, &c1));
        for (int k = 0; k < 12; k++) {
            double x = rrange(&r, -10, 400), y = rrange(&r, -10, 860);
            hi_hit a, b;
            bool fa = false, fb = true;
            ROK(hi_snapshot_hit_test(s, x, y, &a, &fa));
            ROK(hi_snapshot_hit_test(s, x, y, &b, &fb));
            if (fa != fb || (fa && (!same(a.view, b.view) || a.user_value != b.user_value)))
                rfail(rd, "snapshot %llu answered (%g, %g) twice differently: %s then %s", (unsigned long long)version, x, y, hname(a.view), hname(b.view));
            if (fa) {
                bool contains = false;
                uint64_t value = 0;
                hi_view parent;
                ROK(hi_snapshot_contains(s, a.view, &contains));
                ROK(hi_snapshot_user_value(s, a.view, &value));
                ROK(hi_snapshot_parent(s, a.view, &parent));
                if (!contains || value != a.user_value) rfail(rd, "the hit %s is not a view of its snapshot, or its user value differs", hname(a.view));
            }
            rd->queries += 2;
        }
        for (int k = 0; k < 64; k++) bp[k] = (hi_point){rrange(&r, -10, 400), rrange(&r, -10, 860)};
        ROK(hi_snapshot_hit_test_batch(s, bp, 64, bh, bf, 1));
        for (int k = 0; k < 64; k += 8) {
            hi_hit a;
            bool fa = false;
            ROK(hi_snapshot_hit_test(s, bp[k].x, bp[k].y, &a, &fa));
            if (fa != bf[k] || (fa && !same(a.view, bh[k].view))) rfail(rd, "batch and single answers differ within one snapshot");
        }
        rd->queries += 72;
        size_t na = 0, nb = 0;
        ROK(hi_snapshot_windows(s, wa, 64, &na));
        ROK(hi_snapshot_windows(s, wb, 64, &nb));
        ROK(hi_snapshot_view_count(s, &c2));
        if (na != nb || c1 != c2) rfail(rd, "one snapshot's windows or view count changed");
        for (size_t k = 0; k < na && k < 64; k++)
            if (!same(wa[k], wb[k])) rfail(rd, "one snapshot's windows changed");
        hi_view_def d = hi_default_view_def();
        if (hi_abi_version() != HI_ABI_VERSION || d.parent != -1 || d.alpha != 1 || d.redirect_target != -1) rfail(rd, "hi_default_view_def or hi_abi_version on a reader thread");
        /* The error message is per thread, whatever the writer fails meanwhile. */
        uint64_t value = 5;
        if (hi_snapshot_user_value(s, ZERO, &value) != HI_ERROR_STALE || value != 5) rfail(rd, "user_value of the zero handle is not HI_ERROR_STALE");
        const char *message = hi_last_error();
        if (strstr(message, "hi_snapshot_user_value") == NULL) rfail(rd, "this thread's last message is \"%s\", not its own failure's", message);
        /* Keep one snapshot across iterations: it answers as it did. */
        if (!kept) {
            kept = s, s = NULL;
            kept_version = version, kept_age = 0;
            for (int k = 0; k < 16; k++) kp[k] = (hi_point){rrange(&r, -10, 400), rrange(&r, -10, 860)};
            ROK(hi_snapshot_hit_test_batch(kept, kp, 16, kh, kf, 1));
        } else if (++kept_age > 10) {
            hi_hit again[16];
            bool fagain[16];
            uint64_t kv = 0;
            ROK(hi_snapshot_version(kept, &kv));
            ROK(hi_snapshot_hit_test_batch(kept, kp, 16, again, fagain, 1));
            for (int k = 0; k < 16; k++)
                if (kv != kept_version || fagain[k] != kf[k] || (kf[k] && !same(again[k].view, kh[k].view)))
                    rfail(rd, "a snapshot kept by this thread answered differently later");
            hi_snapshot_release(kept);
            kept = NULL;
        }
        hi_snapshot_release(s);
        rd->iterations++;
    }
    hi_snapshot_release(kept);
    return NULL;
}

/* ------------------------------------------------------------------------------------------ */
/* Setup                                                                                       */

typedef struct bdef {
    int parent, order;
    double level, x, y, w, h; /* a frame; for B_ROTATE, x and y are the center */
    const char *id;
    int redirect;
    unsigned flags;
} bdef;
enum { B_ELLIPSE = 1, B_HIDDEN = 2, B_MIN = 4, B_ROTATE = 8, B_ALPHA = 16, B_SCROLL = 32, B_PASS = 64, B_NOINT = 128 };
/* Windows of levels 0, 0, 1 and -1; subviews with orders out of array order (and ties), views
 * without ids, redirects (one forward, into another window). */
static const bdef BUILTIN[] = {
    {-1, 0, 0, 0, 0, 390, 844, "Main", -1, 0},
    {0, 2, 0, 0, 0, 390, 100, "Header", -1, 0},
    {1, 0, 0, 20, 40, 200, 40, "Title", 26, 0},
    {1, 1, 0, 300, 30, 60, 60, NULL, -1, B_ELLIPSE},
    {0, 1, 0, 0, 100, 390, 600, "List", -1, B_SCROLL},
    {4, 3, 0, 0, 0, 390, 60, "Row0", -1, 0},
    {4, 1, 0, 0, 60, 390, 60, NULL, -1, 0},
    {4, 2, 0, 0, 120, 390, 60, "Row2", -1, 0},
    {4, 0, 0, 0, 180, 390, 60, NULL, -1, 0},
    {4, 3, 0, 0, 240, 390, 60, "Row4", -1, B_NOINT},
    {4, 5, 0, 0, 300, 390, 60, NULL, -1, 0},
    {4, 4, 0, 0, 360, 390, 60, "Row6", -1, 0},
    {4, 4, 0, 0, 420, 390, 60, NULL, -1, B_HIDDEN},
    {0, 3, 0, 0, 744, 390, 100, "TabBar", -1, 0},
    {13, 0, 0, 0, 0, 97, 100, "Tab0", -1, 0},
    {13, 0, 0, 97, 0, 97, 100, NULL, 13, 0},
    {13, 0, 0, 194, 0, 97, 100, "Tab2", -1, B_HIDDEN},
    {13, 0, 0, 291, 0, 99, 100, "Tab3", -1, B_MIN},
    {0, 4, 0, 200, 400, 120, 120, "Dial", -1, B_ROTATE | B_ELLIPSE},
    {-1, 0, 0, 20, 300, 350, 200, "Overlay", -1, B_PASS},
    {19, 0, 0, 10, 10, 330, 180, "Sheet", -1, 0},
    {20, 0, 0, 10, 10, 100, 44, NULL, -1, 0},
    {-1, 0, 1, 45, 322, 300, 200, "Alert", -1, 0},
    {22, 0, 0, 0, 150, 150, 50, "OK", -1, 0},
    {22, 0, 0, 150, 150, 150, 50, NULL, -1, B_ALPHA},
    {-1, 0, -1, 0, 0, 390, 844, NULL, -1, 0},
    {25, 0, 0, 0, 0, 390, 844, "Background", -1, 0},
};
enum { NBUILTIN = sizeof BUILTIN / sizeof BUILTIN[0], NFOREIGN = 9 };

static hi_view_def builtin_def(int i) {
    const bdef *b = &BUILTIN[i];
    hi_view_def d = hi_default_view_def();
    d.parent = b->parent;
    d.order = b->order;
    d.window_level = b->level;
    if (b->flags & B_ROTATE) {
        d.bounds = (hi_rect){0, 0, b->w, b->h};
        d.center = (hi_point){b->x, b->y};
        d.transform = (hi_transform){0.6, 0.8, -0.8, 0.6, 0, 0};
    } else {
        d.bounds = (hi_rect){0, b->flags & B_SCROLL ? 50 : 0, b->w, b->h};
        d.center = (hi_point){b->x + b->w / 2, b->y + b->h / 2};
    }
    d.shape = b->flags & B_ELLIPSE ? HI_SHAPE_ELLIPSE : HI_SHAPE_RECT;
    d.hidden = (b->flags & B_HIDDEN) != 0;
    if (b->flags & B_MIN) d.minimum_hit_width = d.minimum_hit_height = 120;
    if (b->flags & B_ALPHA) d.alpha = 0.005f;
    d.pass_through = (b->flags & B_PASS) != 0;
    d.user_interaction_enabled = !(b->flags & B_NOINT);
    d.id = b->id;
    d.redirect_target = b->redirect;
    d.user_value = 1000 + (uint64_t)i;
    d.superview = (hi_view){1, 2, 3}; /* ignored by every call that reads a definition */
    d.redirect = (hi_view){3, 2, 1};
    return d;
}

static const char *g_bulk_order = "n/a (loaded from a file)";

/* Window creation order (for level ties after set_window_level), learnt by probing. */
static void learn_creation_order(rng *r) {
    static hi_view order[MAXV];
    int n = probe_creation_order(W1, r, order);
    for (int k = 0; k < n; k++) {
        int i = mlive(M, order[k]);
        if (i < 0 || !M->v[i].window) fail("probing the creation order gave %s, not a window", hname(order[k]));
        M->v[i].seq = (uint64_t)k;
    }
    M->next_seq = (uint64_t)n;
}

static void setup_builtin(rng *r) {
    static hi_view_def defs[NBUILTIN];
    for (int i = 0; i < NBUILTIN; i++) defs[i] = builtin_def(i);
    OK(hi_world_create(defs, NBUILTIN, &W1));
    for (int i = 0; i < NBUILTIN; i++) {
        OK(hi_world_loaded_view(W1, (size_t)i, &initial[i]));
        if (mnew(M, initial[i], defs[i].parent < 0) != i) fail("client bug");
        M->v[i].user_value = defs[i].user_value;
        M->v[i].level = defs[i].window_level;
        mset_id(&M->v[i], defs[i].id);
    }
    ninitial = NBUILTIN;
    g_tag1 = initial[0].world;
    for (int i = 0; i < NBUILTIN; i++)
        if (initial[i].world != g_tag1 || g_tag1 == 0) fail("the views of one world carry different or zero world tags");
    for (int i = 0; i < NBUILTIN; i++)
        if (defs[i].redirect_target >= 0) M->v[i].redirect = initial[defs[i].redirect_target];
    /* Subviews by order, then position. */
    for (int p = 0; p < NBUILTIN; p++) {
        int kids[NBUILTIN], k = 0;
        for (int i = 0; i < NBUILTIN; i++) {
            if (defs[i].parent != p) continue;
            int j = k++;
            while (j > 0 && defs[kids[j - 1]].order > defs[i].order) kids[j] = kids[j - 1], j--;
            kids[j] = i;
        }
        for (int j = 0; j < k; j++) mattach(M, kids[j], p, j);
    }
    /* Windows by level, then order, then position (front to back is the reverse). */
    int wins[NBUILTIN], nw = 0;
    for (int i = 0; i < NBUILTIN; i++) {
        if (defs[i].parent >= 0) continue;
        int j = nw++;
        while (j > 0 && (defs[wins[j - 1]].window_level > defs[i].window_level ||
                         (defs[wins[j - 1]].window_level == defs[i].window_level && defs[wins[j - 1]].order > defs[i].order)))
            wins[j] = wins[j - 1], j--;
        wins[j] = i;
    }
    size_t got = 0;
    OK(hi_world_windows(W1, hbuf, MAXV, &got));
    if (got != (size_t)nw) fail("hi_world_create made %zu windows of %d", got, nw);
    for (int k = 0; k < nw; k++)
        if (!same(hbuf[k], initial[wins[nw - 1 - k]])) fail("hi_world_create: window %d (front to back) is %s, expected definition %d", k, hname(hbuf[k]), wins[nw - 1 - k]);
    learn_creation_order(r);
    /* Are the bulk-loaded windows "created" in definition order? (Reported, not required.) */
    int prev = -1;
    g_bulk_order = "yes";
    for (int i = 0; i < NBUILTIN; i++)
        if (defs[i].parent < 0) {
            if ((int)M->v[i].seq < prev) g_bulk_order = "no";
            prev = (int)M->v[i].seq;
        }
}

/* A scene file: the mirror is read back from the world, and the paint-order positions of
 * hi_world_loaded_view are checked against it. */
static void setup_file(const char *path, rng *r) {
    OK(hi_world_load_scene(path, &W1));
    static hi_view wins[MAXV], stack[MAXV];
    static int stack_parent[MAXV];
    size_t nw = 0;
    OK(hi_world_windows(W1, wins, MAXV, &nw));
    for (size_t w = nw; w-- > 0;) {
        int top = 0;
        stack[top] = wins[w], stack_parent[top++] = -1;
        while (top) {
            hi_view h = stack[--top];
            int p = stack_parent[top];
            int i = mnew(M, h, p < 0);
            if (p >= 0) mattach(M, i, p, mkid_count(M, p));
            size_t k = 0;
            OK(hi_world_subviews(W1, h, NULL, 0, &k));
            if (top + (int)k > MAXV) fail("scene too large for the client");
            OK(hi_world_subviews(W1, h, hbuf, k, &k));
            for (size_t c = k; c-- > 0;) stack[top] = hbuf[c], stack_parent[top++] = i;
        }
    }
    for (int i = 0; i < M->n; i++) {
        mview *v = &M->v[i];
        hi_view_def d = attributes_now(v->h);
        v->user_value = d.user_value;
        if (v->window) OK(hi_world_window_level(W1, v->h, &v->level));
        size_t length = 0;
        OK(hi_world_view_id(W1, v->h, v->id, IDCAP, &length));
        if (length >= IDCAP) fail("the scene has an id longer than the client keeps (%d bytes)", IDCAP - 1);
        OK(hi_world_redirect_target(W1, v->h, &v->redirect));
    }
    int n = mpaint(M, ibuf);
    for (int i = 0; i < n; i++) {
        hi_view h = ZERO;
        OK(hi_world_loaded_view(W1, (size_t)i, &h));
        if (!same(h, M->v[ibuf[i]].h)) fail("hi_world_loaded_view(%d) is %s; paint-order position %d is %s", i, hname(h), i, hname(M->v[ibuf[i]].h));
        if (i < 64) initial[ninitial++] = h;
    }
    g_tag1 = M->v[0].h.world;
    learn_creation_order(r);
}

static void setup_foreign(void) {
    static hi_view_def defs[NFOREIGN];
    for (int i = 0; i < NFOREIGN; i++) {
        defs[i] = builtin_def(i);
        if (defs[i].redirect_target >= NFOREIGN) defs[i].redirect_target = -1;
    }
    OK(hi_world_create(defs, NFOREIGN, &W2));
    for (int i = 0; i < NFOREIGN; i++) {
        OK(hi_world_loaded_view(W2, (size_t)i, &foreign[i]));
        if (foreign[i].world == 0 || foreign[i].world == g_tag1) fail("W2's view %s carries W1's world tag (%u) or zero", hname(foreign[i]), g_tag1);
        /* A twin: W2's handle with the slot and generation of a live view of W1. */
        if (mlive(M, (hi_view){foreign[i].slot, foreign[i].generation, g_tag1}) >= 0) S.twins++;
    }
    nforeign = NFOREIGN;
}

/* ------------------------------------------------------------------------------------------ */
/* Main                                                                                        */

static void usage(const char *self) {
    fprintf(stderr, "usage: %s [--seed=N] [--frames=N] [--readers=N] [--edge-points=FILE] SCENE|builtin FINAL.json [X,Y ...]\n", self);
    exit(2);
}

int main(int argc, char **argv) {
    int frames = 300, nreaders = 2, arg = 1;
    const char *edge_path = NULL;
    for (; arg < argc && strncmp(argv[arg], "--", 2) == 0; arg++) {
        char *end = NULL;
        if (strncmp(argv[arg], "--seed=", 7) == 0) g_seed = strtoull(argv[arg] + 7, &end, 10);
        else if (strncmp(argv[arg], "--frames=", 9) == 0) frames = (int)strtol(argv[arg] + 9, &end, 10);
        else if (strncmp(argv[arg], "--readers=", 10) == 0) nreaders = (int)strtol(argv[arg] + 10, &end, 10);
        else if (strncmp(argv[arg], "--edge-points=", 14) == 0) edge_path = argv[arg] + 14, end = (char *)"";
        else usage(argv[0]);
        if (!end || *end || frames < 0 || nreaders < 0 || nreaders > 16) usage(argv[0]);
    }
    if (argc - arg < 2) usage(argv[0]);
    const char *scene = argv[arg], *final_path = argv[arg + 1];
    static points final_points;
    for (int k = arg + 2; k < argc; k++) {
        char *end = NULL;
        double x = strtod(argv[k], &end);
        if (end == argv[k] || *end != ',') usage(argv[0]);
        const char *ys = end + 1;
        double y = strtod(ys, &end);
        if (end == ys || *end) usage(argv[0]);
        add_point(&final_points, x, y);
    }
    if (hi_abi_version() != HI_ABI_VERSION) fail("libHitIndexC has ABI %u, the header %u", hi_abi_version(), HI_ABI_VERSION);
    snprintf(g_tmp, sizeof g_tmp, "%s.export.json", final_path);
    hi_view_def d = hi_default_view_def();
    if (d.parent != -1 || d.order != 0 || d.window_level != 0 || d.bounds.x != 0 || d.bounds.y != 0 || d.bounds.width != 0 || d.bounds.height != 0 ||
        d.center.x != 0 || d.center.y != 0 || d.anchor_point.x != 0.5 || d.anchor_point.y != 0.5 || !identity(d.transform) || d.hidden || d.alpha != 1 ||
        !d.user_interaction_enabled || d.hit_test_insets.top != 0 || d.hit_test_insets.left != 0 || d.hit_test_insets.bottom != 0 ||
        d.hit_test_insets.right != 0 || d.minimum_hit_width != 0 || d.minimum_hit_height != 0 || d.shape != HI_SHAPE_RECT ||
        d.hit_tests_subviews_outside_bounds || d.pass_through || d.redirect_target != -1 || d.user_value != 0 || (d.id != NULL && d.id[0] != '\0'))
        fail("hi_default_view_def() differs from the defaults the header lists");
    rng r = {g_seed};

    if (strcmp(scene, "builtin") == 0) setup_builtin(&r);
    else setup_file(scene, &r);
    setup_foreign();
    OK(hi_world_acquire_snapshot(W1, &cur_snap));
    uint64_t sv = 0;
    OK(hi_world_version(W1, &cur_version));
    OK(hi_snapshot_version(cur_snap, &sv));
    if (cur_version != 1 || sv != 1) fail("a new world's version is %llu (snapshot %llu), the header says 1", (unsigned long long)cur_version, (unsigned long long)sv);
    after_commit(&r);
    held_take(&H[0], &r);

    reader readers[16];
    atomic_store(&g_writing, true);
    for (int k = 0; k < nreaders; k++) {
        memset(&readers[k], 0, sizeof readers[k]);
        readers[k].index = k + 1;
        if (pthread_create(&readers[k].thread, NULL, reader_main, &readers[k]) != 0) fail("pthread_create failed");
    }

    for (int f = 0; f < frames; f++) {
        g_frame = f;
        g_step = "transaction";
        double u = runit(&r);
        if (u < 0.04) frame_empty(&r);
        else if (u < 0.17) frame_rejected(&r);
        else if (u < 0.25) frame_discard(&r);
        else frame_commit(&r);
        g_step = "after the transaction";
        if (rchance(&r, 0.05)) misuse(&r);
        if (rchance(&r, 0.1)) {
            /* Another world's commits leave W1 alone. */
            OK(hi_world_begin(W2));
            hi_view view = foreign[rbelow(&r, NFOREIGN)];
            OK(hi_world_scroll(W2, view, rcoord(&r, -9, 9), 0));
            OK(hi_world_commit(W2, NULL));
            uint64_t version = 0;
            OK(hi_world_version(W1, &version));
            if (version != cur_version) fail("a commit of W2 changed W1's version");
        }
        for (int k = 0; k < NHELD; k++)
            if (H[k].s) held_check(&H[k]);
        if (rchance(&r, 0.15)) held_take(&H[rbelow(&r, NHELD)], &r);
        check_refused_sample(&r);
        if (f % 25 == 24) sweep(&r);
        check_pred_errors();
    }

    /* The final state: plain ids only, so that names print the same everywhere. */
    g_frame = frames;
    g_step = "final";
    mcopy(T, M);
    txn x = {0};
    OK(hi_world_begin(W1));
    for (int i = 0; i < T->n; i++) {
        if (!T->v[i].alive || !T->v[i].id[0] || plain_id(T->v[i].id)) continue;
        char id[IDCAP];
        snprintf(id, sizeof id, "v%lu", ++g_idn);
        OK(hi_world_set_id(W1, T->v[i].h, id));
        mset_id(&T->v[i], id);
        x.ok++;
    }
    if (x.ok) publish(&r);
    else OK(hi_world_discard(W1));
    sweep(&r);

    atomic_store(&g_writing, false);
    unsigned long reader_iterations = 0, reader_queries = 0;
    for (int k = 0; k < nreaders; k++) {
        pthread_join(readers[k].thread, NULL);
        if (readers[k].iterations == 0) fail("reader %d ran no iteration", k + 1);
        reader_iterations += readers[k].iterations, reader_queries += readers[k].queries;
    }

    static hi_hit fh[MAXP];
    static bool ff[MAXP];
    if (edge_path) {
        /* The final state's own point set (finite points), for `hitindex query --points FILE`. */
        FILE *file = fopen(edge_path, "w");
        if (!file) fail("cannot write %s", edge_path);
        for (int k = 0; k < PS.n; k++)
            if (isfinite(PS.p[k].x) && isfinite(PS.p[k].y) && final_points.n < MAXP) {
                fprintf(file, "%.17g,%.17g\n", PS.p[k].x, PS.p[k].y);
                add_point(&final_points, PS.p[k].x, PS.p[k].y);
            }
        if (fclose(file) != 0) fail("cannot write %s", edge_path);
    }
    OK(hi_world_write_scene(W1, final_path));
    if (final_points.n) {
        answer(cur_snap, &final_points, fh, ff, &r);
        check_hits_mirror(cur_snap, &final_points, fh, ff, &r);
        check_export(cur_snap, &final_points, fh, ff, &r);
    }
    for (int k = 0; k < final_points.n; k++) {
        char name[IDCAP + 32] = "nil";
        if (ff[k]) view_name(cur_snap, fh[k].view, name, sizeof name);
        printf("%s\n", name);
    }

    /* Snapshots outlive their world. */
    size_t final_views = (size_t)M->live;
    hi_world_destroy(W1);
    W1 = NULL;
    for (int k = 0; k < NHELD; k++)
        if (H[k].s) held_check(&H[k]);
    for (int k = 0; k < final_points.n; k++) {
        hi_hit hit;
        bool f = false;
        OK(hi_snapshot_hit_test(cur_snap, final_points.p[k].x, final_points.p[k].y, &hit, &f));
        if (f != ff[k] || (f && !same(hit.view, fh[k].view))) fail("the last snapshot answered differently after hi_world_destroy");
    }
    for (int k = 0; k < NHELD; k++) {
        hi_snapshot_release(H[k].s);
        free(H[k].p), free(H[k].hits), free(H[k].found);
    }
    hi_snapshot_release(cur_snap);
    hi_world_destroy(W2);
    /* Every predicate's context: released exactly once, now that no world or snapshot is left. */
    check_pred_errors();
    long calls = 0;
    for (int k = 0; k < g_npred; k++) {
        int released = atomic_load(&g_pred[k].released);
        if (released != 1) fail("the context of predicate %d (view %s) was released %d times, the header says exactly once", k, hname(g_pred[k].view), released);
        calls += atomic_load(&g_pred[k].calls);
    }
    free(graves);
    remove(g_tmp);
    fprintf(stderr,
            "outside-client: seed %llu, %d frames: %lu commits (+%lu compact), %lu rejected, %lu discarded, %lu empty; "
            "%lu creates, %lu chains deeper than 100, %lu big transactions, %lu windows, %lu removes (%lu reported, %lu views), %lu moves, %lu setters, %lu levels, %lu redirects, "
            "%lu ids (%lu exotic, %lu of removed views, %lu \"#slot.generation~N\" exports), %d predicates (%ld calls, all released once), %lu non-rejecting errors; "
            "views up to %zu, %zu at the end; %lu points hit-tested, %lu edge points, %lu compared with the exported scene (%lu exports deeper than 100); "
            "%lu removed handles, %lu slots reused, %lu refused-read checks, %lu stale and %lu foreign edits refused (%lu sweeps), "
            "%d twin handles of W2; %lu undone-create handles seen again; %lu held-snapshot checks; "
            "rejections by a stale handle %lu, another world's %lu, the zero handle %lu, a refused value %lu, a cycle %lu, a duplicate id %lu, "
            "a non-UTF-8 id %lu, a bad position %lu, a stale handle with another fault %lu; "
            "%d readers: %lu snapshots, %lu queries; bulk windows created in definition order: %s; ok\n",
            g_seed, frames, S.commits, S.compact_commits, S.rejected, S.discarded, S.empty, S.creates, S.chains, S.big, S.windows_created, S.removes,
            S.reported, S.reported_views, S.moves, S.setters, S.levels, S.redirects, S.ids, S.exotic_ids, S.reused_ids, S.hash_ids, g_npred, calls,
            S.non_rejecting, S.max_views, final_views, S.points, S.edge_points, S.export_points, S.deep_exports, (unsigned long)ngraves, S.reuses,
            S.stale_reads, S.stale_edits, S.foreign_edits, S.sweeps, (int)S.twins, S.undone_reused, S.held_checks, S.invalid[0], S.invalid[1],
            S.invalid[2], S.invalid[3], S.invalid[4], S.invalid[5], S.invalid[6], S.invalid[7], S.invalid[8], nreaders,
            reader_iterations, reader_queries, g_bulk_order);
    return 0;
}
