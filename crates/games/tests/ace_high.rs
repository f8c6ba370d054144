//! The Ace High Bonus counts (Face Up Pai Gow Poker, 688a.12(b)) against independent paths:
//! every pair of disjoint hands of small decks, each hand classified by the reference evaluator
//! (`parsheet_reference::pai_gow`), and every seven-card hand of the full deck classified by the
//! table evaluator of `parsheet-eval`.

use parsheet_cards::{binomial, iso, CardSet};
use parsheet_eval::{Category, Evaluator, Ranking};
use parsheet_games::ace_high::{count, outcomes, AceHighCounts, AceHighDeck, Reading};
use parsheet_games::{find, OTHER};
use parsheet_reference::{pai_gow, RefCard, RefCategory};

const BOTH: &str = "both-dealer-and-player-have-ace-high";
const WITH_JOKER: &str = "only-dealer-has-ace-high-with-joker";
const NO_JOKER: &str = "only-dealer-has-ace-high-no-joker";

fn ref_deck(deck: &AceHighDeck) -> Vec<RefCard> {
    let mut cards = Vec::new();
    for rank in 0..13u8 {
        if deck.ranks >> rank & 1 == 1 {
            for suit in 0..deck.suits as u8 {
                cards.push(RefCard::natural(rank, suit));
            }
        }
    }
    if deck.joker {
        cards.push(RefCard::Joker);
    }
    cards
}

/// Calls `visit` with every `k`-subset of `0..n` as a bit mask.
fn for_each_subset(n: usize, k: usize, visit: &mut impl FnMut(u64)) {
    fn go(start: usize, n: usize, left: usize, mask: u64, visit: &mut impl FnMut(u64)) {
        if left == 0 {
            return visit(mask);
        }
        for i in start..=n - left {
            go(i + 1, n, left - 1, mask | 1 << i, visit);
        }
    }
    go(0, n, k, 0, visit)
}

/// What the reference evaluator and a direct look at the cards say about one hand.
#[derive(Default)]
struct Census {
    /// Ace-high hands (bit masks over the deck list), without and with the joker.
    ace_high: [Vec<u64>; 2],
    /// Hands with distinct ranks, no ace with the joker, and an ace or the joker: ace high but for
    /// a straight or flush, by [joker][straight or flush = 0 / 1] (1 = flush).
    excluded: [[u64; 2]; 2],
    /// Ace-high hands when straights and flushes are ignored (no pair, ace or joker on top).
    no_pair: [Vec<u64>; 2],
}

fn census(deck: &AceHighDeck) -> Census {
    let cards = ref_deck(deck);
    let mut c = Census::default();
    for_each_subset(cards.len(), deck.hand as usize, &mut |mask| {
        let hand: Vec<RefCard> = (0..cards.len()).filter(|i| mask >> i & 1 == 1).map(|i| cards[i]).collect();
        let joker = hand.iter().any(|c| c.is_joker()) as usize;
        let v = pai_gow(&hand);
        if v.category == RefCategory::HighCard && v.tiebreak[0] == 12 {
            c.ace_high[joker].push(mask);
        }
        // Own look: distinct ranks, the joker pairs an ace, an ace or the joker on top.
        let ranks: Vec<u8> = hand.iter().filter_map(|c| c.rank()).collect();
        let distinct = (0..13u8).filter(|r| ranks.contains(r)).count() == ranks.len();
        let has_ace = ranks.contains(&12);
        if distinct && !(joker == 1 && has_ace) && (joker == 1 || has_ace) {
            c.no_pair[joker].push(mask);
            match v.category {
                RefCategory::Straight => c.excluded[joker][0] += 1,
                RefCategory::Flush | RefCategory::StraightFlush | RefCategory::RoyalFlush => c.excluded[joker][1] += 1,
                RefCategory::HighCard => {}
                other => panic!("{hand:?} is {other:?}"),
            }
        }
    });
    c
}

/// The counts of [`AceHighCounts`] by brute force over every pair of disjoint hands.
fn brute_force(deck: &AceHighDeck, hands: &[Vec<u64>; 2]) -> AceHighCounts {
    let n = deck.len();
    let h = deck.hand as u64;
    let others = binomial(n - h, h) as u128;
    let mut both = [[0u128; 2]; 2];
    for jd in 0..2 {
        for jp in 0..2 {
            for &d in &hands[jd] {
                both[jd][jp] += hands[jp].iter().filter(|&&p| p & d == 0).count() as u128;
            }
        }
    }
    let ace_high_hands = [hands[0].len() as u128, hands[1].len() as u128];
    AceHighCounts {
        cycle: binomial(n, h) as u128 * others,
        hands: binomial(n, h) as u128,
        ace_high_hands,
        dealer: ace_high_hands.map(|c| c * others),
        both,
    }
}

/// The wager's outcomes straight from the brute-force pairs, for the two "both" readings.
fn brute_outcomes(b: &AceHighCounts, joker_line_first: bool) -> Vec<(String, u128)> {
    let both = b.both[0][0] + b.both[0][1] + if joker_line_first { 0 } else { b.both[1][0] };
    let with_joker = b.dealer[1] - if joker_line_first { 0 } else { b.both[1][0] };
    let no_joker = b.dealer[0] - b.both[0][0] - b.both[0][1];
    vec![
        (BOTH.to_string(), both),
        (WITH_JOKER.to_string(), with_joker),
        (NO_JOKER.to_string(), no_joker),
        (OTHER.to_string(), b.cycle - both - with_joker - no_joker),
    ]
}

fn check_small_deck(deck: AceHighDeck) {
    let c = census(&deck);
    // The deck has to exercise every rule: both kinds of ace high, and both exclusions with and
    // without the joker.
    for j in 0..2 {
        assert!(!c.ace_high[j].is_empty(), "{deck:?}: no ace-high hands with joker = {j}");
        assert!(c.excluded[j][0] > 0 && c.excluded[j][1] > 0, "{deck:?}: exclusions {:?}", c.excluded);
    }
    let brute = brute_force(&deck, &c.ace_high);
    assert!(brute.both[0][0] > 0 && brute.both[0][1] > 0, "{deck:?}: no joint ace highs");
    let counted = count(deck, Reading::NoPairStraightOrFlush);
    assert_eq!(counted, brute, "{deck:?}");
    for (variant, joker_first) in [("both-first", false), ("joker-line-first", true)] {
        assert_eq!(outcomes(&counted, variant).rows(), brute_outcomes(&brute, joker_first), "{deck:?} {variant}");
    }

    let brute = brute_force(&deck, &c.no_pair);
    let counted = count(deck, Reading::NoPair);
    assert_eq!(counted, brute, "{deck:?} ignoring straights and flushes");
    assert_eq!(outcomes(&counted, "straights-and-flushes-ignored").rows(), brute_outcomes(&brute, false));
}

#[test]
fn joint_counts_match_every_pair_of_six_card_hands_of_25_cards() {
    // 2 3 4 5 7 9 T A in three suits and the joker: wheels and 3-4-5-(6)-7 with the joker,
    // flushes of five (or four and the joker) of six cards.
    let ranks = [0, 1, 2, 3, 5, 7, 8, 12].iter().fold(0u16, |m, r| m | 1 << r);
    check_small_deck(AceHighDeck { ranks, suits: 3, joker: true, hand: 6 });
}

#[test]
fn joint_counts_match_every_pair_of_seven_card_hands_of_19_cards() {
    // 2 3 4 5 6 8 T Q A in two suits and the joker: seven-card hands as in the game.
    let ranks = [0, 1, 2, 3, 4, 6, 8, 10, 12].iter().fold(0u16, |m, r| m | 1 << r);
    check_small_deck(AceHighDeck { ranks, suits: 2, joker: true, hand: 7 });
}

#[test]
fn single_hand_counts_match_the_evaluator_over_every_seven_card_hand() {
    // Every seven of the 53 cards (by suit classes, weighted), ranked by the table evaluator:
    // ace high is its high-card category with an ace (or the joker as one) on top.
    let e = Evaluator::get(Ranking::PaiGow);
    let mut ace_high = [0u128; 2];
    let mut no_pair = [0u128; 2];
    let mut total = 0u128;
    iso::for_each_class(7, true, |hand: CardSet, weight| {
        total += weight as u128;
        let joker = hand.has_joker() as usize;
        let rank = e.evaluate(hand);
        if e.category(rank) == Category::HighCard && e.tiebreaks(rank)[0] == 12 {
            ace_high[joker] += weight as u128;
        }
        let ranks = hand.ranks();
        let ace = ranks >> 12 & 1 == 1;
        if ranks.count_ones() == 7 - joker as u32 && (ace != (joker == 1)) {
            no_pair[joker] += weight as u128;
        }
    });
    assert_eq!(total, binomial(53, 7) as u128);
    let full = AceHighDeck::FACE_UP_PAI_GOW;
    let counted = count(full, Reading::NoPairStraightOrFlush);
    assert_eq!(counted.hands, total);
    assert_eq!(counted.ace_high_hands, ace_high);
    assert_eq!(count(full, Reading::NoPair).ace_high_hands, no_pair);
}

#[test]
fn the_registered_wager_is_the_full_deck_count() {
    let w = find("face-up-pai-gow", "ace-high-bonus").unwrap();
    assert_eq!(w.outcomes, [BOTH, WITH_JOKER, NO_JOKER]);
    let cycle = binomial(53, 7) as u128 * binomial(46, 7) as u128;
    let full = AceHighDeck::FACE_UP_PAI_GOW;
    for v in w.variants {
        let c = w.count(Some(v.id)).unwrap();
        assert_eq!(c.cycle(), cycle, "{}", v.id);
        let reading = if v.id == "straights-and-flushes-ignored" { Reading::NoPair } else { Reading::NoPairStraightOrFlush };
        assert_eq!(c, outcomes(&count(full, reading), v.id), "{}", v.id);
        // Every deal whose dealer holds ace high pays one line, whatever the reading of "both".
        let counts = count(full, reading);
        let paid = c.get(BOTH).unwrap() + c.get(WITH_JOKER).unwrap() + c.get(NO_JOKER).unwrap();
        assert_eq!(paid, counts.dealer[0] + counts.dealer[1]);
    }
    assert_eq!(w.count(None).unwrap(), w.count(Some("both-first")).unwrap());
}
