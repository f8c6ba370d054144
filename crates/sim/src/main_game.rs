//! Main games played with a given strategy. The strategy (what to do in each situation) comes
//! from the exact solver; the dealing and settling here are written from the rules alone, so a
//! wrong solver value or a wrong settlement shows as a simulated result away from the exact one.

use crate::rng::Xoshiro256;

/// A play at Over/Under after the first card (686a.7(g)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverUnderPlay {
    Over23,
    Under18,
    Surrender,
}

/// The solver's Over/Under strategy as a play for each first-card value (its decisions list the
/// values 2 to 11 in order).
pub fn over_under_strategy(decisions: &[parsheet_games::strategy::Decision]) -> impl Fn(u32) -> OverUnderPlay {
    let plays: Vec<OverUnderPlay> = decisions
        .iter()
        .map(|d| match d.choice {
            "over-23" => OverUnderPlay::Over23,
            "under-18" => OverUnderPlay::Under18,
            _ => OverUnderPlay::Surrender,
        })
        .collect();
    assert_eq!(plays.len(), 10, "one decision per first-card value 2..=11");
    move |first| plays[first as usize - 2]
}

/// Mean and standard error of the net result per unit of Ante, and the mean total wagered.
#[derive(Clone, Copy, Debug)]
pub struct MainGameEstimate {
    pub rounds: u64,
    pub mean_net: f64,
    pub standard_error: f64,
    pub mean_wagered: f64,
}

impl MainGameEstimate {
    /// From the sums of the nets, of their squares and of the amounts wagered over `rounds`.
    fn from_sums(rounds: u64, sum: f64, sum_sq: f64, wagered: i64) -> MainGameEstimate {
        let n = rounds as f64;
        let mean = sum / n;
        let variance = (sum_sq / n - mean * mean).max(0.0);
        MainGameEstimate { rounds, mean_net: mean, standard_error: (variance / n).sqrt(), mean_wagered: wagered as f64 / n }
    }
}

/// Deals `rounds` rounds of Over/Under from a freshly shuffled six-deck shoe each round (aces 11,
/// tens and faces 10), the play chosen by `play(first card's value)`, and settles Ante and
/// Over/Under wagers at 1 to 1: a win in the chosen range, a loss on 18-23, and on the opposite
/// range a loss or a push as `opposite_loses` says.
pub fn over_under(play: &dyn Fn(u32) -> OverUnderPlay, opposite_loses: bool, rounds: u64, seed: u64) -> MainGameEstimate {
    let mut shoe: Vec<u32> = Vec::with_capacity(312);
    for _ in 0..6 {
        for v in 2..=9 {
            shoe.extend([v; 4]);
        }
        shoe.extend([10; 16]);
        shoe.extend([11; 4]);
    }
    let mut rng = Xoshiro256::seed_from(seed);
    let (mut sum, mut sum_sq, mut wagered) = (0i64, 0i64, 0i64);
    for _ in 0..rounds {
        let cards = rng.deal(&mut shoe, 3);
        let total: u32 = cards.iter().sum();
        let net: i64 = match play(cards[0]) {
            OverUnderPlay::Surrender => -1,
            p => {
                wagered += 1;
                let (wins, opposite) = match p {
                    OverUnderPlay::Over23 => (total >= 24, total <= 17),
                    _ => (total <= 17, total >= 24),
                };
                if wins {
                    2
                } else if (18..=23).contains(&total) || (opposite && opposite_loses) {
                    -2
                } else {
                    0
                }
            }
        };
        wagered += 1;
        sum += net;
        sum_sq += net * net;
    }
    MainGameEstimate::from_sums(rounds, sum as f64, sum_sq as f64, wagered)
}

/// A hand as the bitmask the exact solver uses (natural card at bit 16 × suit + rank, the joker
/// at bit 63), to look the dealt hand up in the solver's strategy; nothing else here uses it.
pub fn solver_bits(hand: &[parsheet_reference::RefCard]) -> u64 {
    hand.iter().fold(0, |m, c| m | 1 << if c.is_joker() { 63 } else { 16 * c.suit().unwrap() as u32 + c.rank().unwrap() as u32 })
}

/// The Blind paytable's outcome (687a.12(b)) for a winning hand of `category`.
pub fn dj_blind_outcome(category: parsheet_reference::RefCategory) -> &'static str {
    // A straight or better has its own line, named as the category; the rest push together.
    if category >= parsheet_reference::RefCategory::Straight {
        category.name()
    } else {
        "three-of-a-kind-or-less"
    }
}

/// Deals `rounds` rounds of DJ Wild Stud Poker (687a) from a freshly shuffled 53-card deck: the
/// player's five cards, then the dealer's five. `raises(player's cards)` decides; a fold loses
/// Ante and Blind (2 units), a raise adds 2 units and settles by 687a.11(e) with the reference
/// evaluator (deuces and joker wild): a higher hand wins Ante and Raise 1 to 1 and the Blind at
/// `blind(outcome)` (its net per unit, from the paytable; see [`dj_blind_outcome`]), a tie
/// pushes, a lower hand loses all three.
pub fn dj_wild(raises: &dyn Fn(&[parsheet_reference::RefCard]) -> bool, blind: &dyn Fn(&str) -> f64, rounds: u64, seed: u64) -> MainGameEstimate {
    let mut deck = parsheet_reference::deck(true);
    let mut rng = Xoshiro256::seed_from(seed);
    let (mut sum, mut sum_sq, mut wagered) = (0f64, 0f64, 0i64);
    for _ in 0..rounds {
        let cards = rng.deal(&mut deck, 10);
        let (player, dealer) = (&cards[..5], &cards[5..]);
        wagered += 2;
        let net = if !raises(player) {
            -2.0
        } else {
            wagered += 2;
            let (p, d) = (parsheet_reference::deuces_joker_wild(player), parsheet_reference::deuces_joker_wild(dealer));
            match p.cmp(&d) {
                std::cmp::Ordering::Greater => 3.0 + blind(dj_blind_outcome(p.category)),
                std::cmp::Ordering::Equal => 0.0,
                std::cmp::Ordering::Less => -4.0,
            }
        };
        sum += net;
        sum_sq += net * net;
    }
    MainGameEstimate::from_sums(rounds, sum, sum_sq, wagered)
}

/// Deals `rounds` rounds of World Poker Tour Heads-Up Hold 'Em (677a) from a freshly shuffled
/// `deck` (the 52 cards, or a reduced deck for checks against exact reduced-deck solutions): the
/// player's two cards, the flop, the turn and river, the dealer's two cards.
/// `play(hole, board)` is the player's Raise in Antes with the board seen so far (none, three
/// or five cards): 0 checks before the river and folds at it; a raise ends the decisions.
/// Settled by 677a.11(h) with the reference evaluator: a fold loses Ante and Odds; the dealer
/// qualifies with a pair or better, else the Ante pushes; a win pays Ante (if the dealer
/// qualifies) and Raise 1 to 1 and the Odds at `odds_win(category)` (its net per unit); a tie
/// pushes; a loss loses Ante (if the dealer qualifies) and Raise, and the Odds, except that a
/// straight or better losing to a qualifying dealer gets `bad_beat(category)` on the Odds.
pub fn heads_up(
    deck: &[parsheet_reference::RefCard],
    play: &dyn Fn(&[parsheet_reference::RefCard], &[parsheet_reference::RefCard]) -> f64,
    odds_win: &dyn Fn(parsheet_reference::RefCategory) -> f64,
    bad_beat: &dyn Fn(parsheet_reference::RefCategory) -> f64,
    rounds: u64,
    seed: u64,
) -> MainGameEstimate {
    use parsheet_reference::{standard, RefCategory};
    let mut deck = deck.to_vec();
    let mut rng = Xoshiro256::seed_from(seed);
    let (mut sum, mut sum_sq, mut wagered) = (0f64, 0f64, 0f64);
    for _ in 0..rounds {
        let cards = rng.deal(&mut deck, 9);
        let (hole, board, dealer) = (&cards[..2], &cards[2..7], &cards[7..]);
        // 677a.11(b), (d), (f): pre-flop, after the flop, after the turn and river.
        let mut raise = play(hole, &[]);
        if raise == 0.0 {
            raise = play(hole, &board[..3]);
        }
        if raise == 0.0 {
            raise = play(hole, board);
        }
        wagered += 2.0 + raise;
        let net = if raise == 0.0 {
            -2.0
        } else {
            let mine: Vec<_> = hole.iter().chain(board).copied().collect();
            let theirs: Vec<_> = dealer.iter().chain(board).copied().collect();
            let (p, d) = (standard(&mine), standard(&theirs));
            let qualifies = d.category >= RefCategory::Pair;
            let ante = if qualifies { 1.0 } else { 0.0 };
            match p.cmp(&d) {
                std::cmp::Ordering::Greater => ante + raise + odds_win(p.category),
                std::cmp::Ordering::Equal => 0.0,
                std::cmp::Ordering::Less => {
                    let odds = if qualifies && p.category >= RefCategory::Straight { bad_beat(p.category) } else { -1.0 };
                    -ante - raise + odds
                }
            }
        };
        sum += net;
        sum_sq += net * net;
    }
    let n = rounds as f64;
    let mean = sum / n;
    let variance = (sum_sq / n - mean * mean).max(0.0);
    MainGameEstimate { rounds, mean_net: mean, standard_error: (variance / n).sqrt(), mean_wagered: wagered / n }
}
