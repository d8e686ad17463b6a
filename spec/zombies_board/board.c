/*
 * board.c - the tile model: which steps are legal, where a tile fits,
 * laying a tile's spaces, distances by breadth-first search, and the map
 * as text.  Everything works on the state's fixed byte grids.
 */
#include <string.h>

#include "zombies_board.h"

int zb_neighbour(int i, int d)
{
    int x = i % ZB_SIDE + zb_dx[d], y = i / ZB_SIDE + zb_dy[d];
    if (x < 0 || y < 0 || x >= ZB_SIDE || y >= ZB_SIDE)
        return -1;
    return zb_at(x, y);
}

static bool building(int k) { return k == ZB_FLOOR || k == ZB_DOOR; }

static bool same_slot(int a, int b)
{
    return (a % ZB_SIDE) / ZB_TS == (b % ZB_SIDE) / ZB_TS && (a / ZB_SIDE) / ZB_TS == (b / ZB_SIDE) / ZB_TS;
}

/* 004 "Movement Rules" for a step from a space of kind a to one of kind
 * b, same: both on one tile.  A constant expression, so that the table
 * below is built by the compiler. */
#define ZB_ROADLIKE(k) ((k) == ZB_ROAD || (k) == ZB_SQUARE || (k) == ZB_HELI)
#define ZB_BUILDING(k) ((k) == ZB_FLOOR || (k) == ZB_DOOR)
#define ZB_STEP_OK(a, b, same)                         \
    (ZB_ROADLIKE(a) ? ZB_ROADLIKE(b) || (b) == ZB_DOOR \
                    : ((a) == ZB_DOOR && ZB_ROADLIKE(b)) || (ZB_BUILDING(a) && ZB_BUILDING(b) && (same)))
#define ZB_STEP_BIT(a, b, same) ((uint64_t)(ZB_STEP_OK(a, b, same) ? 1 : 0) << ((a)*8 + (b)))
#define ZB_STEP_ROW(a, same)                                                                                 \
    (ZB_STEP_BIT(a, 0, same) | ZB_STEP_BIT(a, 1, same) | ZB_STEP_BIT(a, 2, same) | ZB_STEP_BIT(a, 3, same) | \
     ZB_STEP_BIT(a, 4, same) | ZB_STEP_BIT(a, 5, same) | ZB_STEP_BIT(a, 6, same))
#define ZB_STEP_ALL(same)                                                                        \
    (ZB_STEP_ROW(0, same) | ZB_STEP_ROW(1, same) | ZB_STEP_ROW(2, same) | ZB_STEP_ROW(3, same) | \
     ZB_STEP_ROW(4, same) | ZB_STEP_ROW(5, same) | ZB_STEP_ROW(6, same))
_Static_assert(ZB_HELI == 6, "the step table covers kinds 0..6");

/* Bit a * 8 + b of step_ok[same]: a step from kind a to kind b is legal.
 * A table, because relink asks a hundred times for every tile laid. */
static const uint64_t step_ok[2] = { ZB_STEP_ALL(0), ZB_STEP_ALL(1) };

static bool step_between(int a, int b, bool same) { return (step_ok[same] >> (a * 8 + b)) & 1u; }

/* In and out of named buildings only by doors, no other building entered;
 * inside a named building every space joins its neighbours (undead's
 * reading of "as indicated by the lines"). */
bool zb_can_step(const zb_state *st, int from, int to)
{
    return step_between(st->kind[from], st->kind[to], same_slot(from, to));
}

/* What an empty slot asks of a tile, from its placed neighbours. */
static void slot_needs(zb_state *st, int sx, int sy)
{
    unsigned near = 0, req = 0;
    if (sx < 0 || sy < 0 || sx >= ZB_SLOTS || sy >= ZB_SLOTS)
        return;
    for (int e = 0; e < 4 && !st->slot[sy][sx]; e++) {
        int nx = sx + zb_dx[e], ny = sy + zb_dy[e];
        if (nx < 0 || ny < 0 || nx >= ZB_SLOTS || ny >= ZB_SLOTS || !st->slot[ny][nx])
            continue;
        const zb_tile_kind *o = &zb_content.tile[st->slot[ny][nx] - 1];
        near |= 1u << e;
        req |= ((o->open[st->rot[ny][nx]] >> ((e + 2) & 3)) & 1u) << e;
    }
    st->near[sy * ZB_SLOTS + sx] = (uint8_t)near;
    st->need[sy * ZB_SLOTS + sx] = (uint8_t)req;
}

bool zb_fits(const zb_state *st, int t, int sx, int sy, int r)
{
    if (sx < 0 || sy < 0 || sx >= ZB_SLOTS || sy >= ZB_SLOTS)
        return false;
    unsigned req, near = zb_slot_needs(st, sx, sy, &req);
    return zb_fits_needs(t, r, near, req);
}

/* The steps from space (x, y), as zb_can_step rules them.  From the
 * coordinates, not the space index, a direction at a time: a tile laid
 * relinks 25 spaces, and a division per direction (zb_neighbour,
 * same_slot) was most of laying one. */
static void relink(zb_state *st, int x, int y)
{
    int i = zb_at(x, y), a = st->kind[i], xm = x % ZB_TS, ym = y % ZB_TS;
    unsigned m = 0;
    if (y > 0)
        m |= (unsigned)step_between(a, st->kind[i - ZB_SIDE], ym != 0) << ZB_N;
    if (x < ZB_SIDE - 1)
        m |= (unsigned)step_between(a, st->kind[i + 1], xm != ZB_TS - 1) << ZB_E;
    if (y < ZB_SIDE - 1)
        m |= (unsigned)step_between(a, st->kind[i + ZB_SIDE], ym != ZB_TS - 1) << ZB_S;
    if (x > 0)
        m |= (unsigned)step_between(a, st->kind[i - 1], xm != 0) << ZB_W;
    st->link[i] = (uint8_t)m;
}

void zb_lay(zb_state *st, int t, int sx, int sy, int r)
{
    st->slot[sy][sx] = (uint8_t)(t + 1);
    st->rot[sy][sx] = (uint8_t)r;
    for (int y = 0; y < ZB_TS; y++)
        for (int x = 0; x < ZB_TS; x++)
            st->kind[zb_at(sx * ZB_TS + x, sy * ZB_TS + y)] = zb_content.tile[t].grid[r][y][x];
    /* the tile's spaces and the ring around it: their steps may change */
    for (int y = sy * ZB_TS - 1; y <= sy * ZB_TS + ZB_TS; y++)
        for (int x = sx * ZB_TS - 1; x <= sx * ZB_TS + ZB_TS; x++)
            if (x >= 0 && y >= 0 && x < ZB_SIDE && y < ZB_SIDE)
                relink(st, x, y);
    slot_needs(st, sx, sy);
    for (int e = 0; e < 4; e++)
        slot_needs(st, sx + zb_dx[e], sy + zb_dy[e]);
}

void zb_distances(const zb_state *st, const uint8_t *src, uint8_t *dist, int max_depth)
{
    uint16_t queue[ZB_SPACES];
    int head = 0, tail = 0;
    memset(dist, 255, ZB_SPACES);
    for (int i = 0; i < ZB_SPACES; i++)
        if (src[i]) {
            dist[i] = 0;
            queue[tail++] = (uint16_t)i;
        }
    while (head < tail) {
        int i = queue[head++];
        if (dist[i] >= max_depth)
            continue;
        unsigned m = st->link[i];
        for (int d = 0; d < 4; d++) {
            /* steps are symmetric, so distances to the sources are distances from them */
            int j = i + zb_off[d];
            if (!((m >> d) & 1u) || dist[j] != 255)
                continue;
            dist[j] = (uint8_t)(dist[i] + 1);
            queue[tail++] = (uint16_t)j;
        }
    }
}

static bool is_goal(const zb_state *st, int a, int goal)
{
    switch (goal) {
    case ZB_GOAL_HELI:
        return st->kind[a] == ZB_HELI;
    case ZB_GOAL_SQUARE:
        return st->kind[a] == ZB_SQUARE;
    default:
        if (st->kind[a] != ZB_FLOOR && st->kind[a] != ZB_DOOR)
            return false;
        if (st->cell[a]) /* a zombie to kill or a token to claim */
            return true;
        int sx = (a % ZB_SIDE) / ZB_TS, sy = (a / ZB_SIDE) / ZB_TS;
        return !st->searched[sy][sx] && zb_building_zombies(st, sx, sy) == 0;
    }
}

int zb_first_step(const zb_state *st, int i, int goal, int max_depth)
{
    /* Marks by generation, so no clearing per call (thread-local: the
     * policies of parallel runs do not share it). */
    static _Thread_local uint16_t seen[ZB_SPACES];
    static _Thread_local uint16_t gen;
    if (++gen == 0) {
        memset(seen, 0, sizeof seen);
        gen = 1;
    }
    /* Only spaces of these kinds can be goals (is_goal decides): one
     * bit test a space, is_goal on the few that pass it. */
    unsigned kinds = goal == ZB_GOAL_HELI     ? 1u << ZB_HELI
                     : goal == ZB_GOAL_SQUARE ? 1u << ZB_SQUARE
                                              : 1u << ZB_FLOOR | 1u << ZB_DOOR;
    if (((kinds >> st->kind[i]) & 1u) && is_goal(st, i, goal))
        return 4;
    if (max_depth <= 0)
        return -1;
    /* Breadth first, a layer (one depth) at a time, so no depth is stored
     * per space; the legal steps are the set bits of link, lowest
     * direction first (the order a shortest way is chosen in).  Each
     * space of the first layer is its own first step; later spaces
     * inherit the first step of the space they were reached from.  A
     * queue is taken in the order it is filled, so the first goal taken
     * is the first goal put in: it is returned as it is put in, and the
     * rest of the queue is never walked. */
    uint16_t queue[ZB_SPACES];
    uint8_t first[ZB_SPACES];
    int head = 0, tail = 0;
    seen[i] = gen;
    for (unsigned m = st->link[i]; m; m &= m - 1) {
        int d = __builtin_ctz(m), j = i + zb_off[d];
        if (((kinds >> st->kind[j]) & 1u) && is_goal(st, j, goal))
            return d;
        seen[j] = gen;
        first[j] = (uint8_t)d;
        queue[tail++] = (uint16_t)j;
    }
    /* the spaces of depth k are expanded while k < max_depth */
    for (int depth = 1; depth < max_depth && head < tail; depth++) {
        for (int end = tail; head < end; head++) {
            int a = queue[head];
            uint8_t f = first[a];
            for (unsigned m = st->link[a]; m; m &= m - 1) {
                int j = a + zb_off[__builtin_ctz(m)];
                if (seen[j] == gen)
                    continue;
                if (((kinds >> st->kind[j]) & 1u) && is_goal(st, j, goal))
                    return f;
                seen[j] = gen;
                first[j] = f;
                queue[tail++] = (uint16_t)j;
            }
        }
    }
    return -1;
}

bool zb_all_named_searched(const zb_state *st)
{
    for (int k = 0; k < zb_content.n_tiles; k++)
        if (zb_content.tile[k].role == ZB_ROLE_NAMED && (st->pile_tile[k] || st->alt_tile[k]))
            return false;
    for (int i = 0; i < st->n_players; i++)
        for (int h = 0; h < ZB_HAND; h++)
            if (st->pl[i].tile[h] && zb_content.tile[st->pl[i].tile[h] - 1].role == ZB_ROLE_NAMED)
                return false;
    for (int y = 0; y < ZB_SLOTS; y++)
        for (int x = 0; x < ZB_SLOTS; x++)
            if (st->slot[y][x] && zb_content.tile[st->slot[y][x] - 1].role == ZB_ROLE_NAMED &&
                !st->searched[y][x])
                return false;
    return true;
}

int zb_building_zombies(const zb_state *st, int sx, int sy)
{
    int n = 0;
    for (int y = 0; y < ZB_TS; y++)
        for (int x = 0; x < ZB_TS; x++) {
            int i = zb_at(sx * ZB_TS + x, sy * ZB_TS + y);
            n += building(st->kind[i]) && (st->cell[i] & ZB_ZOMBIE);
        }
    return n;
}

/* One character a space: a player's seat number, z a zombie, l or b a
 * token, then the ground: . road, X solid building, _ floor, d door,
 * + the Town Square centre, H the heliport centre, - no tile. */
bool zb_placed_box(const zb_state *st, int box[4])
{
    int x0 = ZB_SLOTS, x1 = -1, y0 = ZB_SLOTS, y1 = -1;
    for (int y = 0; y < ZB_SLOTS; y++)
        for (int x = 0; x < ZB_SLOTS; x++)
            if (st->slot[y][x]) {
                x0 = x < x0 ? x : x0;
                x1 = x > x1 ? x : x1;
                y0 = y < y0 ? y : y0;
                y1 = y > y1 ? y : y1;
            }
    box[0] = x0;
    box[1] = y0;
    box[2] = x1;
    box[3] = y1;
    return x1 >= 0;
}

int zb_map_rows(const zb_state *st, char rows[][ZB_SIDE + 3])
{
    int box[4];
    zb_placed_box(st, box);
    int x0 = box[0], y0 = box[1], x1 = box[2], y1 = box[3];
    static const char ground[] = "-.X_d+H";
    int n = 0;
    for (int y = y0 * ZB_TS; y < (y1 + 1) * ZB_TS; y++) {
        char *o = rows[n++];
        int k = 0;
        o[k++] = '|';
        for (int x = x0 * ZB_TS; x < (x1 + 1) * ZB_TS; x++) {
            int i = zb_at(x, y);
            char c = ground[st->kind[i]];
            int tok = (st->cell[i] & ZB_TOK_MASK) >> ZB_TOK_SHIFT;
            if (tok)
                c = tok == ZB_TOK_LIFE ? 'l' : 'b';
            if (st->cell[i] & ZB_ZOMBIE)
                c = 'z';
            for (int p = st->n_players - 1; p >= 0; p--)
                if (st->pl[p].status == ZB_ALIVE && zb_at(st->pl[p].pos_x, st->pl[p].pos_y) == i)
                    c = (char)('1' + p);
            o[k++] = c;
        }
        o[k++] = '|';
        o[k] = 0;
    }
    return n;
}
