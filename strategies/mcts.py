"""The MCTS bot, compiled: single-observer information-set Monte Carlo tree search
(Cowling, Powley & Whitehouse 2012, "SO-ISMCTS").

Each iteration deals what the deciding seat cannot see afresh from the bot's own stream (the
lookahead's `determinize`: enemy hands, the Library and School order, the deal's generator), then
walks one tree shared by every deal from the root decision:

- a node is a decision with a choice (two or more legal actions), whoever makes it: the Plan
  Phase, priority windows, targets, supporters, helpers, payers, damage splits, trash and limit
  choices are nodes alike, so a multi-step action is searched step by step; forced moves are
  played through and make no node;
- a node's children are keyed by (deciding seat, decision, action): a deal may offer actions
  another did not (an enemy's Scheme, a drawn card), so each child counts how often it was
  available as well as how often it was taken, and UCB1 reads the availability count
  (mean + exploration * sqrt(ln(available) / visits)) with the mean of the seat deciding;
- the root has a child for every legal action from the start (the heuristic's choice first),
  and the j-th visit of every root action is played on the same deal j (common random numbers:
  the actions are compared on the same hidden cards, so their differences are not the luck of
  the deal);
- below the root, where the walk meets a legal action with no child yet it adds one (the
  heuristic's pick among those not tried yet) and stops, as long as the node has fewer than
  `widening * sqrt(visits)` children available (progressive widening: deep down the walk mostly
  follows the heuristic, and the budget goes where the choice is made);
- the position is then played on with the heuristic for every seat until the Plan Phase of the
  turn `mcts_horizon` turns after the root's (or the game's end), and each seat's position value
  (features.side_value, minus `threat` times the strongest enemy's; with `value_model`, the log
  of its chance to win by the learned value of strategies/value_model.py) is squashed to [0, 1]
  around its value at the root (a logistic of scale `value_scale`); a finished game is 1 for
  the winner, 0 for the others;
- every node walked gets the whole vector of values, one per seat.

The root's most visited action is played (ties: the better mean, then the earlier child: the
heuristic's choice); the search stops early once no other action can catch it up. The tree lives
in fixed arrays sized by the budget, allocated once per decision; nothing in the search loop
allocates. The result depends only on what the seat sees and on its stream.
"""

import math

import numpy as np
from avarium.simulator.engine.surface import (
    G_DEC,
    G_DEC_PLAYER,
    G_DONE,
    G_PLAYERS,
    G_TURN,
    G_WINNER,
    MAX_PLAYERS,
    P_ALIVE,
    ROW_SEAT,
    bot_randint,
    copy_state,
    legal_actions,
    njit,
    njit_driver,
    step,
)
from avarium.strategies.features import side_value
from avarium.strategies.heuristic import heuristic_choose
from avarium.strategies.lookahead import MAX_PLAYOUT_ACTIONS, determinize, play_on
from avarium.strategies.value_model import has_model, log_chances
from avarium.strategies.weights import (
    N_VALUE_FEATURES,
    W_CRN,
    W_EXPLORATION,
    W_ITERATIONS,
    W_MCTS_HORIZON,
    W_THREAT,
    W_VALUE_MODEL,
    W_VALUE_SCALE,
    W_WIDENING,
)

# The columns of a node (one row of the int64 node array).
N_ACTION = 0  # the action that leads here from the parent
N_PLAYER = 1  # the seat that took it
N_DEC = 2  # the decision it answered (D_*)
N_CHILD = 3  # first child, -1: none
N_SIBLING = 4  # next child of the same parent, -1: none
N_VISITS = 5  # iterations that went through this node
N_AVAIL = 6  # iterations that could have taken this node's action at its parent
N_COLUMNS = 7
# The evaluation vector: [0, MAX_PLAYERS) the values of an iteration, then the root's position
# values (what each seat's value is squashed around), the position values of the position
# evaluated, and scratch for the seats' standings.
EV_ROOT = MAX_PLAYERS
EV_POS = 2 * MAX_PLAYERS
EV_SIDE = 3 * MAX_PLAYERS
EV_FEATURES = 4 * MAX_PLAYERS  # the learned value's scratch: one seat's features
EV_SIZE = EV_FEATURES + N_VALUE_FEATURES


@njit
def standings(st, tb, w, deltas, ev):
    """Each living seat's position value into ev[EV_POS + q]: its standing minus `threat` times
    the strongest living enemy's (features.position_value, each standing counted once); with
    `value_model` set and a learned value for this many players, the log of its chance to win by
    the learned model instead (strategies/value_model.py): a change of 1 multiplies the chance
    by e."""
    if w[W_VALUE_MODEL] > 0 and has_model(w, st[G_PLAYERS]):
        log_chances(st, tb, w, deltas, ev[EV_POS : EV_POS + MAX_PLAYERS], ev[EV_FEATURES:])
        return
    n = st[G_PLAYERS]
    for q in range(n):
        if st[ROW_SEAT + q, P_ALIVE] != 0:
            ev[EV_SIDE + q] = side_value(st, tb, q, w, deltas)
    for q in range(n):
        if st[ROW_SEAT + q, P_ALIVE] == 0:
            ev[EV_POS + q] = 0.0
            continue
        best = -1e18
        for r in range(n):
            if r != q and st[ROW_SEAT + r, P_ALIVE] != 0 and ev[EV_SIDE + r] > best:
                best = ev[EV_SIDE + r]
        ev[EV_POS + q] = ev[EV_SIDE + q]
        if best > -1e17:
            ev[EV_POS + q] -= w[W_THREAT] * best


@njit
def evaluate(st, tb, w, deltas, ev):
    """Every seat's value of the position in [0, 1], into ev[:MAX_PLAYERS]: a finished game is 1
    for its winner and 0 for the others (0.5 each without a winner); otherwise each seat's
    position value, less its value at the root, squashed by a logistic of scale `value_scale`
    (0 for a seat that is out)."""
    n = st[G_PLAYERS]
    for q in range(MAX_PLAYERS):
        ev[q] = 0.0
    if st[G_DONE] != 0:
        winner = st[G_WINNER]
        for q in range(n):
            if winner < 0:
                ev[q] = 0.5
            elif q == winner:
                ev[q] = 1.0
        return
    standings(st, tb, w, deltas, ev)
    scale = w[W_VALUE_SCALE]
    for q in range(n):
        if st[ROW_SEAT + q, P_ALIVE] != 0:
            x = (ev[EV_POS + q] - ev[EV_ROOT + q]) / scale
            if x > 30.0:
                x = 30.0
            elif x < -30.0:
                x = -30.0
            ev[q] = 1.0 / (1.0 + math.exp(-x))


@njit
def new_node(nodes, k, action, player, dec, parent):
    """Node k, a new child of `parent` (-1: the root) reached by `action` of `player`."""
    nodes[k, N_ACTION] = action
    nodes[k, N_PLAYER] = player
    nodes[k, N_DEC] = dec
    nodes[k, N_CHILD] = -1
    nodes[k, N_SIBLING] = -1
    nodes[k, N_VISITS] = 0
    nodes[k, N_AVAIL] = 1
    if parent >= 0:  # appended, so children stay in the order they were added
        c = nodes[parent, N_CHILD]
        if c < 0:
            nodes[parent, N_CHILD] = k
        else:
            while nodes[c, N_SIBLING] >= 0:
                c = nodes[c, N_SIBLING]
            nodes[c, N_SIBLING] = k


@njit
def child_for(nodes, node, action, player, dec):
    """The child of `node` for this (action, player, decision), or -1."""
    c = nodes[node, N_CHILD]
    while c >= 0:
        if nodes[c, N_ACTION] == action and nodes[c, N_PLAYER] == player and nodes[c, N_DEC] == dec:
            return c
        c = nodes[c, N_SIBLING]
    return -1


@njit
def ucb(nodes, value, c, q, parent_count, c_explore):
    """UCB1 of child c for seat q: its mean value plus the exploration term; an unvisited
    child comes first."""
    visits = nodes[c, N_VISITS]
    if visits == 0:
        return 1e300
    return value[c, q] / visits + c_explore * math.sqrt(math.log(parent_count) / visits)


@njit
def root_child(nodes, value, p, c_explore):
    """The root's child to walk: by UCB1 over the root's visits (every root action is
    available in every deal); the unvisited ones first, in the order they were added."""
    best = -1
    best_score = -1e300
    c = nodes[0, N_CHILD]
    total = nodes[0, N_VISITS] if nodes[0, N_VISITS] > 0 else 1
    while c >= 0:
        score = ucb(nodes, value, c, p, total, c_explore)
        if score > best_score:
            best_score = score
            best = c
        c = nodes[c, N_SIBLING]
    return best


@njit
def iterate(
    st, tb, vals, w, deals, t, deltas, base, buf2, prng, deal, nodes, value, path, ev, size
):
    """Iteration t: a root action, a deal of the hidden cards, a walk down the tree (adding at
    most one node), a playout, the values backed up. Returns the number of nodes after it."""
    p = st[G_DEC_PLAYER]
    c_explore = w[W_EXPLORATION]
    widening = w[W_WIDENING]
    node = root_child(nodes, value, p, c_explore)
    # common deals: the j-th visit of every root action is played on deal j
    deal[0] = deals[nodes[node, N_VISITS]] if w[W_CRN] > 0 else deals[t]
    copy_state(base, st)
    determinize(base, p, deal)
    prng[0] = 1 + bot_randint(deal, 2_000_000_000)
    path[0] = 0
    path[1] = node
    depth = 1
    step(base, tb, nodes[node, N_ACTION])
    steps = 0
    while base[G_DONE] == 0 and steps < MAX_PLAYOUT_ACTIONS:
        k = legal_actions(base, tb, buf2)
        if k == 0:
            break
        if k == 1:  # a forced move: no node
            step(base, tb, buf2[0])
            steps += 1
            continue
        if size >= nodes.shape[0] or depth + 1 >= path.shape[0]:
            break  # the tree is full: evaluate from here
        q = base[G_DEC_PLAYER]
        dec = base[G_DEC]
        # the children available in this deal count one more chance (UCB1 reads the count);
        # the actions with no child yet wait at the front of buf2
        untried = 0
        here = 0
        best = -1
        best_score = -1e300
        for i in range(k):
            a = buf2[i]
            c = child_for(nodes, node, a, q, dec)
            if c < 0:
                buf2[untried] = a
                untried += 1
                continue
            nodes[c, N_AVAIL] += 1
            here += 1
            score = ucb(nodes, value, c, q, nodes[c, N_AVAIL], c_explore)
            if score > best_score:
                best_score = score
                best = c
        # progressive widening: a node walked n times has at most widening * sqrt(n) children
        # available (the heuristic's picks first), so deep down the walk mostly follows the
        # heuristic and the budget goes to the root's actions
        widen = widening <= 0 or here < widening * math.sqrt(nodes[node, N_VISITS])
        if untried > 0 and (here == 0 or widen):
            if untried == 1:
                a = buf2[0]
            else:
                a = heuristic_choose(base, tb, vals, w, prng, buf2, untried, deltas)
            new_node(nodes, size, a, q, dec, node)
            node = size
            size += 1
            depth += 1
            path[depth] = node
            step(base, tb, a)
            break
        node = best
        depth += 1
        path[depth] = node
        step(base, tb, nodes[node, N_ACTION])
        steps += 1
    stop_turn = st[G_TURN] + int(w[W_MCTS_HORIZON])
    play_on(base, tb, vals, w, prng, buf2, deltas, stop_turn)
    evaluate(base, tb, w, deltas, ev)
    for d in range(depth + 1):
        n = path[d]
        nodes[n, N_VISITS] += 1
        for q in range(MAX_PLAYERS):
            value[n, q] += ev[q]
    return size


@njit
def decided(nodes, left):
    """Whether the root's most visited child stays so whatever `left` more iterations do."""
    first = 0
    second = 0
    c = nodes[0, N_CHILD]
    while c >= 0:
        v = nodes[c, N_VISITS]
        if v > first:
            second = first
            first = v
        elif v > second:
            second = v
        c = nodes[c, N_SIBLING]
    return first - second > left


@njit
def search(st, tb, vals, w, rng, buf, m, deltas, base, buf2, prng, deal, deals, nodes, value,
           path, ev):  # fmt: skip
    """Search from the decision waiting in st (m >= 2 legal actions in buf) and return the action
    to play. deals: one seed per iteration; nodes, value, path: the tree's arrays (rows: the
    budget plus the root's actions plus one); ev: EV_SIZE floats; base: a scratch state; buf2:
    an action buffer; prng, deal: one-element streams."""
    p = st[G_DEC_PLAYER]
    n_iter = deals.shape[0]
    for t in range(n_iter):
        deals[t] = 1 + bot_randint(rng, 2_000_000_000)
    # the root's values, which each seat's evaluation is squashed around: read on a deal of
    # the hidden cards like every other evaluation (the features read only what a seat sees)
    deal[0] = deals[0]
    copy_state(base, st)
    determinize(base, p, deal)
    standings(base, tb, w, deltas, ev)
    for q in range(MAX_PLAYERS):
        ev[EV_ROOT + q] = ev[EV_POS + q]
    # the root and one child per legal action, the heuristic's choice first
    new_node(nodes, 0, -1, -1, -1, -1)
    first = heuristic_choose(st, tb, vals, w, rng, buf, m, deltas)
    new_node(nodes, 1, first, p, st[G_DEC], 0)
    size = 2
    for i in range(m):
        if buf[i] != first:
            new_node(nodes, size, buf[i], p, st[G_DEC], 0)
            size += 1
    for t in range(n_iter):
        size = iterate(st, tb, vals, w, deals, t, deltas, base, buf2, prng, deal, nodes, value,
                       path, ev, size)  # fmt: skip
        if decided(nodes, n_iter - 1 - t):
            break
    best = -1
    c = nodes[0, N_CHILD]
    while c >= 0:
        if (
            best < 0
            or nodes[c, N_VISITS] > nodes[best, N_VISITS]
            or (
                nodes[c, N_VISITS] == nodes[best, N_VISITS] and value[c, p] > value[best, p] + 1e-12
            )
        ):
            best = c
        c = nodes[c, N_SIBLING]
    return nodes[best, N_ACTION]


@njit_driver
def mcts_choose(st, tb, vals, w, rng, buf, m, deltas, base, buf2, prng):
    """The action the MCTS bot (weights w, stream rng) takes among the m >= 2 legal actions in
    buf. base: a scratch state shaped like st; buf2: an action buffer; prng: a one-element
    stream. Allocates the tree for this decision (the only allocation of the search)."""
    n_iter = int(w[W_ITERATIONS])
    if n_iter < 1:
        return heuristic_choose(st, tb, vals, w, rng, buf, m, deltas)
    size = n_iter + m + 1
    nodes = np.empty((size, N_COLUMNS), np.int64)
    value = np.zeros((size, MAX_PLAYERS), np.float64)
    path = np.empty(size + 1, np.int64)
    ev = np.zeros(EV_SIZE, np.float64)
    deals = np.empty(n_iter, np.int64)
    deal = np.ones(1, np.int64)
    return search(st, tb, vals, w, rng, buf, m, deltas, base, buf2, prng, deal, deals, nodes,
                  value, path, ev)  # fmt: skip
