//! Colouring and chains: simple colouring, X-chains (one digit) and XY-chains (two-candidate
//! cells). Chains are searched breadth first, so the shortest one is reported.

use super::{Candidates, CellSet, PEERS, Step, UNIT_SET, cells_of};

/// Conjugate pairs of digit index `d`: for each cell, the cells it shares a unit with where `d`
/// has exactly these two places.
fn strong_links(pos: CellSet) -> [CellSet; 81] {
    let mut links = [0u128; 81];
    for &unit in &UNIT_SET {
        let inside = pos & unit;
        if inside.count_ones() == 2 {
            let a = inside.trailing_zeros() as usize;
            let b = 127 - inside.leading_zeros() as usize;
            links[a] |= 1 << b;
            links[b] |= 1 << a;
        }
    }
    links
}

/// The units in which `a` and `b` form a conjugate pair of `pos`.
fn link_units(pos: CellSet, a: usize, b: usize) -> u32 {
    let pair = 1u128 << a | 1u128 << b;
    let mut units = 0;
    for (u, &unit) in UNIT_SET.iter().enumerate() {
        if pos & unit == pair {
            units |= 1 << u;
        }
    }
    units
}

/// The chain ending at search state `end`, from there back to its first state, as the nodes of
/// its states (state `per_node * node + k`: a node is a cell, or a cell and digit); `prev` links
/// each state to the one before it and holds `usize::MAX` at the start.
fn trace_back(prev: &[usize], end: usize, per_node: usize) -> Vec<usize> {
    let mut path = vec![end / per_node];
    let mut at = end;
    while prev[at] != usize::MAX {
        at = prev[at];
        path.push(at / per_node);
    }
    path
}

/// For one digit, two-colour each cluster of conjugate pairs. Colour wrap: two cells of one
/// colour see each other, so that colour is false everywhere. Colour trap: a cell that sees both
/// colours is false.
pub(super) fn simple_colouring(grid: &Candidates, step: &mut Step) -> bool {
    for d in 0..9 {
        let pos = grid.cells_with_index(d);
        let links = strong_links(pos);
        let mut done: CellSet = 0;
        for start in cells_of(pos) {
            if links[start] == 0 || done & (1 << start) != 0 {
                continue;
            }
            // Breadth-first two-colouring of the cluster.
            let mut colour = [0u128; 2];
            colour[0] = 1 << start;
            let mut frontier = [1u128 << start, 0];
            let mut side = 0;
            while frontier[side] != 0 {
                let mut next = 0;
                for c in cells_of(frontier[side]) {
                    next |= links[c];
                }
                next &= !(colour[0] | colour[1]);
                colour[1 - side] |= next;
                frontier = [0, 0];
                side = 1 - side;
                frontier[side] = next;
            }
            let cluster = colour[0] | colour[1];
            done |= cluster;
            let mut elim: CellSet = 0;
            for k in 0..2 {
                if cells_of(colour[k]).any(|c| PEERS[c] & colour[k] != 0) {
                    elim |= colour[k];
                }
            }
            if elim == 0 {
                let (mut sees0, mut sees1) = (0u128, 0u128);
                for c in cells_of(colour[0]) {
                    sees0 |= PEERS[c];
                }
                for c in cells_of(colour[1]) {
                    sees1 |= PEERS[c];
                }
                elim = pos & !cluster & sees0 & sees1;
            }
            if elim != 0 {
                step.eliminate_in(elim, d);
                step.mark(cluster, d);
                for a in cells_of(cluster) {
                    for b in cells_of(links[a]) {
                        step.units |= link_units(pos, a, b);
                    }
                }
                return true;
            }
        }
    }
    false
}

/// The best chain found so far: its length in links, digit, eliminations and path.
struct Best {
    links: usize,
    d: usize,
    elim: CellSet,
    path: Vec<usize>,
}

/// A chain on one digit from cell `s` to cell `t`, alternating strong links (conjugate pairs)
/// and weak links (two cells that see each other), starting and ending with a strong link: if
/// `s` is not the digit then `t` is, so cells that see both `s` and `t` lose it. At least three
/// links (a single strong link is an intersection's business).
pub(super) fn x_chain(grid: &Candidates, step: &mut Step) -> bool {
    let mut best: Option<Best> = None;
    for d in 0..9 {
        let pos = grid.cells_with_index(d);
        let strong = strong_links(pos);
        for s in cells_of(pos) {
            if strong[s] == 0 {
                continue;
            }
            // State 2 * cell + on: `on` = the cell holds the digit if `s` does not.
            let mut prev = [usize::MAX; 162];
            let mut dist = [usize::MAX; 162];
            dist[2 * s] = 0;
            let mut queue = vec![2 * s];
            let mut head = 0;
            while head < queue.len() {
                let state = queue[head];
                head += 1;
                let (c, on) = (state / 2, state % 2 == 1);
                if best.as_ref().is_some_and(|b| dist[state] + 1 >= b.links) {
                    break;
                }
                let next = if on { pos & PEERS[c] } else { strong[c] };
                for n in cells_of(next) {
                    let ns = 2 * n + usize::from(!on);
                    if dist[ns] != usize::MAX {
                        continue;
                    }
                    dist[ns] = dist[state] + 1;
                    prev[ns] = state;
                    queue.push(ns);
                    if !on && n != s && dist[ns] >= 3 {
                        let elim = pos & PEERS[s] & PEERS[n];
                        if elim != 0 && best.as_ref().is_none_or(|b| dist[ns] < b.links) {
                            let path = trace_back(&prev, ns, 2);
                            best = Some(Best {
                                links: dist[ns],
                                d,
                                elim,
                                path,
                            });
                        }
                    }
                }
            }
        }
    }
    let Some(best) = best else {
        return false;
    };
    let pos = grid.cells_with_index(best.d);
    step.eliminate_in(best.elim, best.d);
    for (i, &c) in best.path.iter().enumerate() {
        step.pattern[c] |= 1 << best.d;
        // The path runs from the end back to the start; links alternate strong, weak from the
        // end, so even positions start strong links.
        if i % 2 == 0 && i + 1 < best.path.len() {
            step.units |= link_units(pos, c, best.path[i + 1]);
        }
    }
    true
}

/// A chain of two-candidate cells, each seeing the next and sharing a digit with it: if the
/// first cell is not `z`, the next digits are forced along the chain until the last cell is
/// `z`. So `z` leaves every cell that sees both ends. At least three cells.
pub(super) fn xy_chain(grid: &Candidates, step: &mut Step) -> bool {
    let mut bivalue: CellSet = 0;
    for c in 0..81 {
        if grid.mask(c).count_ones() == 2 {
            bivalue |= 1 << c;
        }
    }
    let mut best: Option<Best> = None;
    for a in cells_of(bivalue) {
        for z in super::digits_of(grid.mask(a)) {
            let zpos = grid.cells_with_index(z);
            // State 9 * cell + digit: the digit the cell must hold if `a` is not `z`.
            let mut prev = [usize::MAX; 729];
            let mut len = [0usize; 729];
            let first = grid.mask(a) & !(1 << z);
            let start = 9 * a + first.trailing_zeros() as usize;
            len[start] = 1;
            let mut queue = vec![start];
            let mut head = 0;
            while head < queue.len() {
                let state = queue[head];
                head += 1;
                let (c, t) = (state / 9, state % 9);
                if best.as_ref().is_some_and(|b| len[state] + 1 >= b.links) {
                    break;
                }
                for n in cells_of(bivalue & PEERS[c]) {
                    let nm = grid.mask(n);
                    if nm & (1 << t) == 0 {
                        continue;
                    }
                    let nt = (nm & !(1 << t)).trailing_zeros() as usize;
                    let ns = 9 * n + nt;
                    if len[ns] != 0 {
                        continue;
                    }
                    len[ns] = len[state] + 1;
                    prev[ns] = state;
                    queue.push(ns);
                    if nt == z && n != a && len[ns] >= 3 {
                        let elim = zpos & PEERS[a] & PEERS[n];
                        if elim != 0 && best.as_ref().is_none_or(|b| len[ns] < b.links) {
                            let path = trace_back(&prev, ns, 9);
                            best = Some(Best {
                                links: len[ns],
                                d: z,
                                elim,
                                path,
                            });
                        }
                    }
                }
            }
        }
    }
    let Some(best) = best else {
        return false;
    };
    step.eliminate_in(best.elim, best.d);
    for &c in &best.path {
        step.pattern[c] = grid.mask(c);
    }
    step.units = super::shared_units(&best.path);
    true
}

/// An alternating inference chain over candidates (cell, digit). Strong links: the two
/// candidates of a two-candidate cell, or the two places of a digit in a unit. Weak links: two
/// candidates of one cell, or one digit in two cells that see each other. From a start that is
/// assumed false, the links alternate strong and weak and the chain ends on a strong link: the
/// start or the end is true. So a digit common to both ends leaves cells seeing both; ends in
/// one cell leave it no other digit; ends with different digits in cells that see each other
/// remove each end's digit from the other's cell. At least three links.
pub(super) fn aic(grid: &Candidates, step: &mut Step) -> bool {
    let pos: [CellSet; 9] = core::array::from_fn(|d| grid.cells_with_index(d));
    // Strong partners of candidate 9 * cell + d (at most four: the cell and three units).
    let strong = |k: usize, out: &mut Vec<usize>| {
        let (c, d) = (k / 9, k % 9);
        let m = grid.mask(c);
        if m.count_ones() == 2 {
            out.push(9 * c + (m & !(1 << d)).trailing_zeros() as usize);
        }
        for u in super::cell_units(c) {
            let inside = pos[d] & UNIT_SET[u];
            if inside.count_ones() == 2 {
                let other = (inside & !(1u128 << c)).trailing_zeros() as usize;
                let o = 9 * other + d;
                if !out.contains(&o) {
                    out.push(o);
                }
            }
        }
    };
    let mut best: Option<(usize, Vec<usize>, [u16; 81])> = None;
    let mut partners = Vec::with_capacity(32);
    let mut prev = vec![usize::MAX; 1458];
    let mut dist = vec![usize::MAX; 1458];
    let mut queue = Vec::with_capacity(1458);
    for s in 0..729 {
        if grid.mask(s / 9) & (1 << (s % 9)) == 0 {
            continue;
        }
        prev.fill(usize::MAX);
        dist.fill(usize::MAX);
        queue.clear();
        // State 2 * candidate + on.
        dist[2 * s] = 0;
        queue.push(2 * s);
        let mut head = 0;
        while head < queue.len() {
            let state = queue[head];
            head += 1;
            if best.as_ref().is_some_and(|b| dist[state] + 1 >= b.0) {
                break;
            }
            let (k, on) = (state / 2, state % 2 == 1);
            let (c, d) = (k / 9, k % 9);
            partners.clear();
            if on {
                for e in super::digits_of(grid.mask(c) & !(1 << d)) {
                    partners.push(9 * c + e);
                }
                for p in cells_of(pos[d] & PEERS[c]) {
                    partners.push(9 * p + d);
                }
            } else {
                strong(k, &mut partners);
            }
            for &n in &partners {
                let ns = 2 * n + usize::from(!on);
                if dist[ns] != usize::MAX {
                    continue;
                }
                dist[ns] = dist[state] + 1;
                prev[ns] = state;
                queue.push(ns);
                if on || n == s || dist[ns] < 3 {
                    continue;
                }
                let elim = chain_eliminations(grid, &pos, s, n);
                if elim.iter().any(|&m| m != 0) {
                    best = Some((dist[ns], trace_back(&prev, ns, 2), elim));
                }
            }
        }
    }
    let Some((_, path, elim)) = best else {
        return false;
    };
    step.eliminations = elim;
    let cells: Vec<usize> = path.iter().map(|&k| k / 9).collect();
    for &k in &path {
        step.pattern[k / 9] |= 1 << (k % 9);
    }
    step.units = super::shared_units(&cells);
    true
}

/// What "candidate `a` or candidate `b` is true" removes (see [`aic`]).
fn chain_eliminations(grid: &Candidates, pos: &[CellSet; 9], a: usize, b: usize) -> [u16; 81] {
    let mut elim = [0u16; 81];
    let (ca, da, cb, db) = (a / 9, a % 9, b / 9, b % 9);
    if ca == cb {
        elim[ca] = grid.mask(ca) & !(1 << da | 1 << db);
    } else if da == db {
        for c in cells_of(pos[da] & PEERS[ca] & PEERS[cb]) {
            elim[c] |= 1 << da;
        }
    } else if PEERS[ca] & (1 << cb) != 0 {
        elim[cb] |= grid.mask(cb) & 1 << da;
        elim[ca] |= grid.mask(ca) & 1 << db;
    }
    elim
}
