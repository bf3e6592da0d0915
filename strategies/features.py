"""What a bot may know about a position, compiled: Win-Con progress, strength, the value of a
position for one seat. Everything here reads only what that seat's player can see (Classes,
Hallways, the Courtyard, Merit, Reputation, hand sizes, its own hand, the stack)."""

from avarium.simulator.constants import CardKind, Cmp, PlayerRef, Stat, ValueKind
from avarium.simulator.engine.surface import (
    C_DEF,
    C_OWNED,
    C_ZONE,
    G_DONE,
    G_PLAYERS,
    G_TURN,
    G_WINNER,
    MAX_PLAYERS,
    P_ALIVE,
    P_IDOL,
    P_MERIT,
    P_N_OWNED,
    P_REP,
    ROW_CARD,
    ROW_SEAT,
    T_CL_CMP,
    T_CL_LEFT,
    T_CL_RIGHT,
    T_CLUB,
    T_COLOUR,
    T_COMBAT,
    T_COND_END,
    T_COND_START,
    T_COST,
    T_DEFENSE,
    T_FLT_CMP,
    T_FLT_END,
    T_FLT_FIELD,
    T_FLT_START,
    T_FLT_VALUE,
    T_GENDER,
    T_KIND,
    T_SEL_KIND,
    T_SEL_SIDE,
    T_VAL_KIND,
    T_VAL_PLAYER,
    T_VAL_SEL,
    T_VAL_STAT,
    T_WINCON_COND,
    Z_CLASS,
    Z_HALLWAY,
    compare,
    fighting_stats,
    hand_size,
    njit,
    value_of,
)
from avarium.strategies.values import V_WORTH
from avarium.strategies.weights import (
    W_BOARD,
    W_CLASS_SIZE,
    W_DANGER,
    W_HAND,
    W_MERIT,
    W_REPUTATION,
    W_THREAT,
    W_WINCON,
)

_STUDENT = CardKind.STUDENT
_SCHEME = CardKind.SCHEME
_GE = Cmp.GE
_GT = Cmp.GT
_LE = Cmp.LE
_LT = Cmp.LT
N_STATS = 8
# A bot's scratch array: [0, N_STATS) statistic changes (wincon_progress's deltas), then for
# each seat q the best Combat it could still send into a fight, the card giving it, and the
# second best (FREE_COMBAT + 3q ...), filled once per decision by note_free_combat.
FREE_COMBAT = N_STATS
# Then, while one decision is scored (the position does not change meanwhile), the values of
# every seat's Win-Con clauses (left, right) as they stand: counted on first use and kept until
# forget_wincons, so each count is made once a decision, not once an action and an enemy. SCORING
# says whether a decision is being scored (1) or not (0: the evaluations, whose position moves);
# WINCON_KEPT + q whether seat q's values are kept (1), cannot be (-1: too many clauses to
# keep) or are not counted yet (0).
N_KEPT_CLAUSES = 4
SCORING = FREE_COMBAT + 3 * 4
WINCON_KEPT = SCORING + 1
WINCON_VALUES = WINCON_KEPT + MAX_PLAYERS
# Then, for the threat weights (race, menace, guard, keep_ready), each seat's Win-Con progress
# in thousandths and its strike (the highest Combat in its Class, Idol included), noted once
# per decision by note_threats: the scratch array is integer, hence the thousandths.
THREATS = WINCON_VALUES + MAX_PLAYERS * 2 * N_KEPT_CLAUSES
# Whether they are noted for this decision (1) or not yet (0): they are noted on first use, so a
# decision that reads none of them (most of them) costs nothing more; and room to keep the
# statistic changes an action's scoring is building while they are noted.
THREATS_NOTED = THREATS + 2 * 4
SAVED_STATS = THREATS_NOTED + 1
# Then the enemy Class cards a fight of the deciding seat can aim at, noted once per decision
# by note_free_combat (every leader is scored against every target, and each target's Combat and
# Defense are the same for all of them): how many (-1: not noted for this decision, or more
# than there is room for), then each target's card, Combat and Defense as they stand.
MAX_TARGETS = 24
N_TARGETS = SAVED_STATS + N_STATS
TARGETS = N_TARGETS + 1
# Then the deciding seat's own fighters, noted once per decision with their Combat and Defense
# as they stand (a Plan Phase's leaders by note_free_combat, a fight's leader when its target is
# chosen), as every fight action or target scores its leader: how many, then each card, its
# Combat and its Defense (a fighter not noted is counted where it is asked).
N_FIGHTERS = TARGETS + 3 * MAX_TARGETS
FIGHTERS = N_FIGHTERS + 1
# Then the deciding seat's weighted Win-Con progress from one more expelled card, the same for
# every fight a decision scores: whether it is counted yet (1) or not (0), then the float's bits.
EXPEL_NOTED = FIGHTERS + 3 * MAX_TARGETS
EXPEL_GAIN = EXPEL_NOTED + 1
SCRATCH_SIZE = EXPEL_GAIN + 1
WIN_SCORE = 10_000.0


@njit
def clause_progress(left, cmp, right):
    """How far `left cmp right` is from holding, 0..1 (1: it holds)."""
    if compare(left, cmp, right):
        return 1.0
    if cmp == _GE or cmp == _GT:
        target = right + 1 if cmp == _GT else right
        if target <= 0 or left <= 0:
            return 0.0
        x = left / target
        return x if x < 0.95 else 0.95
    if cmp == _LE or cmp == _LT:
        target = right - 1 if cmp == _LT else right
        if target < 0:
            return 0.0
        return (target + 1.0) / (left + 1.0)
    return 0.0


@njit
def fields_match(tb, sel, d):
    """Does definition d pass the printed-field filters of selector sel (Club, colour, gender,
    cost, Combat, Defense)? For a card that is not in a Class yet, such as a Courtyard Student."""
    k = tb[sel, T_SEL_KIND]
    if k == 3 or (k == 0 and tb[d, T_KIND] != _STUDENT):  # a Scheme, or a Student selector
        return False
    for f in range(tb[sel, T_FLT_START], tb[sel, T_FLT_END]):
        field = tb[f, T_FLT_FIELD]
        col = -1
        if field == 0:
            col = T_CLUB
        elif field == 1:
            col = T_COLOUR
        elif field == 2:
            col = T_GENDER
        elif field == 3:
            col = T_COST
        elif field == 4:
            col = T_COMBAT
        elif field == 5:
            col = T_DEFENSE
        if col >= 0 and not compare(tb[d, col], tb[f, T_FLT_CMP], tb[f, T_FLT_VALUE]):
            return False
    return True


@njit
def wincon_progress(st, tb, p, deltas, card_def):
    """Seat p's progress to its Idol's Win-Con, 0..1, the mean over the Win-Con's clauses.

    `deltas[s]` is added to p's statistic s (Stat) first, and a card of definition `card_def`
    (-1: none) is counted as if it were in p's Class: the progress an action would bring.
    """
    idol = st[ROW_SEAT + p, P_IDOL]
    if idol < 0:
        return 0.0
    cond = tb[st[ROW_CARD + idol, C_DEF], T_WINCON_COND]
    if cond < 0:
        return 0.0
    if deltas[SCORING] != 0 and deltas[WINCON_KEPT + p] == 0:
        keep_wincon(st, tb, p, idol, cond, deltas)
    kept = deltas[WINCON_KEPT + p] == 1
    at = WINCON_VALUES + 2 * N_KEPT_CLAUSES * p
    total = 0.0
    n = 0
    for k in range(tb[cond, T_COND_START], tb[cond, T_COND_END]):
        v = tb[k, T_CL_LEFT]
        if kept:
            left = deltas[at + 2 * n]
            right = deltas[at + 2 * n + 1]
        else:
            left = value_of(st, tb, v, p, idol)
            right = value_of(st, tb, tb[k, T_CL_RIGHT], p, idol)
        kind = tb[v, T_VAL_KIND]
        if kind == ValueKind.STAT and tb[v, T_VAL_PLAYER] == PlayerRef.YOUR:
            left += deltas[tb[v, T_VAL_STAT]]
        elif kind == ValueKind.COUNT and card_def >= 0:
            sel = tb[v, T_VAL_SEL]
            if tb[sel, T_SEL_SIDE] == 0 and fields_match(tb, sel, card_def):  # an ally count
                left += 1
        total += clause_progress(left, tb[k, T_CL_CMP], right)
        n += 1
    return total / n if n > 0 else 0.0


@njit
def keep_wincon(st, tb, p, idol, cond, deltas):
    """Count and keep the values of seat p's Win-Con clauses as they stand (the same numbers
    wincon_progress would count, so the same progress), for the rest of this decision."""
    n = tb[cond, T_COND_END] - tb[cond, T_COND_START]
    if n > N_KEPT_CLAUSES:
        deltas[WINCON_KEPT + p] = -1
        return
    at = WINCON_VALUES + 2 * N_KEPT_CLAUSES * p
    for j in range(n):
        k = tb[cond, T_COND_START] + j
        deltas[at + 2 * j] = value_of(st, tb, tb[k, T_CL_LEFT], p, idol)
        deltas[at + 2 * j + 1] = value_of(st, tb, tb[k, T_CL_RIGHT], p, idol)
    deltas[WINCON_KEPT + p] = 1


@njit
def keep_wincons(deltas):
    """A decision's scoring starts: every seat's Win-Con clause values are counted on first
    use and kept until forget_wincons (the position does not change meanwhile)."""
    forget_wincons(deltas)
    deltas[SCORING] = 1


@njit
def forget_wincons(deltas):
    """The scoring is over (the position is about to change): count afresh from now on."""
    deltas[SCORING] = 0
    for q in range(MAX_PLAYERS):
        deltas[WINCON_KEPT + q] = 0


@njit
def no_change(deltas):
    for s in range(N_STATS):
        deltas[s] = 0


@njit
def students_and_hallway(st, tb, p):
    """Students in p's Class and Hallway (the Hallway joins the Class this End Phase)."""
    n = 0
    for i in range(st[ROW_SEAT + p, P_N_OWNED]):
        c = st[ROW_CARD + i, C_OWNED + p]
        z = st[ROW_CARD + c, C_ZONE]
        if (z == Z_CLASS or z == Z_HALLWAY) and tb[st[ROW_CARD + c, C_DEF], T_KIND] == _STUDENT:
            n += 1
    return n


@njit
def has_club(st, tb, p, club):
    for i in range(st[ROW_SEAT + p, P_N_OWNED]):
        c = st[ROW_CARD + i, C_OWNED + p]
        z = st[ROW_CARD + c, C_ZONE]
        if (z == Z_CLASS or z == Z_HALLWAY) and tb[st[ROW_CARD + c, C_DEF], T_CLUB] == club:
            return True
    return False


@njit
def weakest_student(st, tb, vals, p):
    """Worth of p's least valuable Student in Class or Hallway (0 if none)."""
    best = -1.0
    for i in range(st[ROW_SEAT + p, P_N_OWNED]):
        c = st[ROW_CARD + i, C_OWNED + p]
        z = st[ROW_CARD + c, C_ZONE]
        d = st[ROW_CARD + c, C_DEF]
        if (z == Z_CLASS or z == Z_HALLWAY) and tb[d, T_KIND] == _STUDENT:
            if best < 0 or vals[d, V_WORTH] < best:
                best = vals[d, V_WORTH]
    return best if best > 0 else 0.0


@njit
def side_value(st, tb, p, w, deltas):
    """How well seat p stands, by the weights w (not counting the enemies)."""
    merit = st[ROW_SEAT + p, P_MERIT]
    v = w[W_MERIT] * merit + w[W_REPUTATION] * st[ROW_SEAT + p, P_REP]
    if merit < 10:
        v -= w[W_DANGER] * (10 - merit)
    v += w[W_HAND] * hand_size(st, p)
    for i in range(st[ROW_SEAT + p, P_N_OWNED]):
        c = st[ROW_CARD + i, C_OWNED + p]
        z = st[ROW_CARD + c, C_ZONE]
        if (z == Z_CLASS or z == Z_HALLWAY) and tb[st[ROW_CARD + c, C_DEF], T_KIND] == _STUDENT:
            combat, defense = fighting_stats(st, tb, c)
            v += w[W_CLASS_SIZE] + w[W_BOARD] * (combat + defense)
    no_change(deltas)
    prog = wincon_progress(st, tb, p, deltas, -1)
    return v + w[W_WINCON] * prog * prog


@njit
def position_value(st, tb, p, w, deltas):
    """The worth of the position for seat p: its standing minus the strongest enemy's (a won
    game is worth WIN_SCORE, a lost one -WIN_SCORE, a stalled one or a draw nothing)."""
    if st[G_DONE] != 0:
        winner = st[G_WINNER]
        if winner == p:
            return WIN_SCORE - st[G_TURN]  # the sooner the better
        return -WIN_SCORE + st[G_TURN] if winner >= 0 else 0.0
    if st[ROW_SEAT + p, P_ALIVE] == 0:
        return -WIN_SCORE
    mine = side_value(st, tb, p, w, deltas)
    best = -1e18
    for q in range(st[G_PLAYERS]):
        if q != p and st[ROW_SEAT + q, P_ALIVE] != 0:
            x = side_value(st, tb, q, w, deltas)
            if x > best:
                best = x
    if best < -1e17:
        return mine
    return mine - w[W_THREAT] * best


STAT_MERIT = Stat.MERIT
STAT_REPUTATION = Stat.REPUTATION
STAT_HAND = Stat.HAND
STAT_EXPELLED = Stat.EXPELLED
STAT_CLUBS = Stat.CLUBS
STAT_CLASS = Stat.CLASS
STAT_RECRUITED = Stat.RECRUITED
STAT_SCHEMES = Stat.SCHEMES_PLAYED
