//! Example hands for every rule of every published way in `house-ways/`, each with the setting
//! its source text prescribes, written here by hand from the text (the quotes are in each
//! way's file, rule by rule). A case names the rule it exercises: the test checks that this
//! rule is the one that decides the hand, that the way sets it as written, and that every rule
//! of every way (under every option) has a case.
//!
//! The expected setting is the two front (low-hand) cards; it is compared by value (the low
//! hand and the high hand the other five make), so which of two equal cards goes in front does
//! not matter.

use std::collections::BTreeSet;

use parsheet_cards::CardSet;
use parsheet_eval::paigow::low_hand;
use parsheet_eval::{Evaluator, Ranking};
use parsheet_tables::house_way::{builtin, builtin_specs};

/// One hand: the rule that decides it, the hand, the two cards the text puts in front, and
/// (optionally) an option pick the case needs (`""`: under every option).
struct Case {
    rule: &'static str,
    hand: &'static str,
    front: &'static str,
    only: &'static str,
}

const fn c(rule: &'static str, hand: &'static str, front: &'static str) -> Case {
    Case { rule, hand, front, only: "" }
}

const fn under(only: &'static str, rule: &'static str, hand: &'static str, front: &'static str) -> Case {
    Case { rule, hand, front, only }
}

/// Foxwoods (https://wizardofodds.com/games/pai-gow-poker/house-way/foxwoods/): every variant
/// keeps some of these rules under the same names.
const FOXWOODS: &[Case] = &[
    // "Five Aces: Place pair of Aces in front, unless a pair of Kings can be played in front."
    c("five aces: pair of kings in front if there is one", "As Ah Ad Ac Jk Ks Kh", "Ks Kh"),
    c("five aces: pair of aces in front", "As Ah Ad Ac Jk 9s 2h", "As Ah"),
    // "Four of a Kind with a Pair (or Three of a Kind): Play the pair in front."
    c("four of a kind with a pair or three of a kind: the pair in front", "9s 9h 9d 9c Ks Kh 2d", "Ks Kh"),
    c("four of a kind with a pair or three of a kind: the pair in front", "5s 5h 5d 5c Js Jh Jd", "Js Jh"),
    // "Aces, Kings, Queens, Jacks: Always split."
    c("four of a kind, jacks to aces: always split", "Qs Qh Qd Qc 8s 5h 2d", "Qs Qh"),
    // "10s, 9s, 8s, 7s: Play four of a kind in back if you can; put at least a King up front;
    // otherwise split."
    c("four of a kind, sevens to tens, king or ace to play in front: keep", "8s 8h 8d 8c Ks 5h 2d", "Ks 5h"),
    c("four of a kind, sevens to tens: split", "8s 8h 8d 8c Qs 5h 2d", "8s 8h"),
    // "6s and below: never split."
    c("four of a kind, sixes and below: never split", "4s 4h 4d 4c Ks 9h 2d", "Ks 9h"),
    // "Two Sets: Place pair from higher set in front."
    c("two sets: pair from the higher set in front", "Ks Kh Kd 7s 7h 7d 2c", "Ks Kh"),
    // "Full House: Put highest permissible pair in front." (the option's two readings)
    under("full-house-front=the-pair", "full house: the pair in front", "Ks Kh Kd 9s 9h 5d 5c", "9s 9h"),
    under("full-house-front=highest-permissible", "full house: highest permissible pair in front", "Ks Kh Kd 9s 9h 5d 5c", "Ks Kh"),
    // "With Three of a Kind: Place complete hand in back, pair in front."
    c("straight or flush with three of a kind: complete hand in back, pair in front", "7s 7h 7d 8c 9s Th Jd", "7s 7h"),
    // "Exception: With an Ace and a pair of Kings, Queens, Jacks or 10s, play the Ace in front
    // and pair in back if front hand can be improved." (A-K-Q-J-T keeps only K-3 in front.)
    c("straight or flush with an ace and a pair of tens to kings: ace in front, pair in back if that improves the front", "Ks Kh Qd Jc Ts As 3h", "As Qd"),
    // "With One Pair: Place highest possible two cards (pair or no pair) in front that will leave
    // any complete hand in back." (The fives cannot both leave: 5-6-7-8-9 needs one.)
    c("straight or flush with one pair: highest two cards in front that leave a complete hand", "5s 5h 6d 7c 8s 9h Kd", "Kd 5s"),
    // "With No Pair: Place the two highest cards in front that will leave any complete hand in back."
    c("straight or flush, no pair: highest two cards in front that leave a complete hand", "As Kd 9c 8s 7h 6d 5c", "As Kd"),
    // "Three Pair: Place high pair in front."
    c("three pair: high pair in front", "Ks Kh 8d 8c 4s 4h 2d", "Ks Kh"),
    // "Big Pair is Aces, Kings, Queens, Jacks: Place small pair in front."
    c("two pair, big pair jacks to aces: split", "Js Jh 4d 4c As 9h 2d", "4d 4c"),
    // "Big Pair is 10s, 9s, 8s, 7s: Place both pair in back if you can: Put an Ace in front,
    // otherwise split."
    c("two pair, big pair sevens to tens, ace to play in front: keep", "9s 9h 4d 4c As Kh 2d", "As Kh"),
    c("two pair, big pair sevens to tens: split", "9s 9h 4d 4c Ks Qh 2d", "4d 4c"),
    // "Big Pair is 6s, 5s, 4s, 3s: Place both pair in back if you can: place a King or higher in
    // front: otherwise split."
    c("two pair, big pair threes to sixes, king or better to play in front: keep", "6s 6h 3d 3c Ks 9h 2d", "Ks 9h"),
    c("two pair, big pair threes to sixes: split", "6s 6h 3d 3c Qs 9h 2d", "3d 3c"),
    // "Three of a Kind: Aces: Place an Ace and the next highest card in front. Kings and below:
    // Place three of a kind in back, two highest cards in front."
    c("three aces: an ace and the next highest card in front", "As Ah Ad Ks 9h 5d 2c", "As Ks"),
    c("three of a kind, kings and below: trips in back, two highest in front", "8s 8h 8d As Kh 5d 2c", "As Kh"),
    // "One Pair: Pair in back, highest two other cards in front."
    c("one pair: pair in back, two highest others in front", "Ts Th As Qh 8d 5c 2s", "As Qh"),
    // "No Pair: Place the second and third highest cards in front."
    c("no pair: second and third highest in front", "As Qh Td 8c 6s 4h 2d", "Qh Td"),
];

/// Trump Plaza's two-pair rule (Wizard of Odds, Pai Gow Poker Appendix 2).
const TRUMP_PLAZA: &[Case] = &[
    // "Pair of aces and any other pair: Always split."
    c("two pair, aces and any other pair: always split", "As Ah 4d 4c Ks 9h 2d", "4d 4c"),
    // "High pair and high pair: Always split." (even with an ace)
    c("two pair, high and high (jacks to kings): always split", "Ks Kh Jd Jc As 9h 2d", "Jd Jc"),
    // "Medium pair and high pair: Always split."
    c("two pair, medium (sevens to tens) and high: always split", "Qs Qh 8d 8c As 9h 2d", "8d 8c"),
    // "Low pair and high pair: Split unless holding an ace." (Foxwoods splits this one.)
    c("two pair, low (deuces to sixes) and high, holding an ace: keep", "Ks Kh 3d 3c As 9h 2d", "As 9h"),
    c("two pair, low (deuces to sixes) and high: split", "Ks Kh 3d 3c Qs 9h 2d", "3d 3c"),
    // "Medium pair and medium pair: Split unless holding an ace."
    c("two pair, medium and medium, holding an ace: keep", "Ts Th 8d 8c As 5h 2d", "As 5h"),
    c("two pair, medium and medium: split", "Ts Th 8d 8c Ks 5h 2d", "8d 8c"),
    // "Low pair and medium pair: Split unless holding a king or better." (Foxwoods wants an ace.)
    c("two pair, low and medium, holding a king or better: keep", "9s 9h 4d 4c Ks 7h 2d", "Ks 7h"),
    c("two pair, low and medium: split", "9s 9h 4d 4c Qs 7h 2d", "4d 4c"),
    // "Low pair and low pair: Split unless holding a king or better." (the joker is an ace)
    c("two pair, low and low, holding a king or better: keep", "6s 6h 2d 2c Ks 9h 3d", "Ks 9h"),
    c("two pair, low and low, holding a king or better: keep", "6s 6h 2d 2c Jk 9h 3d", "Jk 9h"),
    c("two pair, low and low: split", "6s 6h 2d 2c Qs 9h 3d", "2d 2c"),
];

/// Canterbury Park's two-pair rule (bands 2-5, 6-9, 10-K, aces).
const CANTERBURY_PARK: &[Case] = &[
    // "1. Always split aces with any other pair. No exceptions."
    c("two pair, aces and any other pair: always split", "As Ah 4d 4c Ks Qh 2d", "4d 4c"),
    // "4. Medium-High or High-High always split. No exceptions." (tens are high here)
    c("two pair, medium (sixes to nines) and high (tens to kings), or high and high: always split", "Ts Th 6d 6c As Kh 2d", "6d 6c"),
    c("two pair, medium (sixes to nines) and high (tens to kings), or high and high: always split", "Ks Kh Ts Tc Ad Qh 2d", "Ts Tc"),
    // "3. Medium-Medium or Low-High split. Exception: If an Ace with a Face can play in the Low Hand."
    c("two pair, low (deuces to fives) and high, an ace with a face to play in front: keep", "Ts Th 4d 4c As Jh 2d", "As Jh"),
    c("two pair, low (deuces to fives) and high: split", "Ks Kh 4d 4c As Th 2d", "4d 4c"),
    c("two pair, medium and medium, an ace with a face to play in front: keep", "9s 9h 6d 6c As Qh 2d", "As Qh"),
    c("two pair, medium and medium: split", "9s 9h 6d 6c As Th 2d", "6d 6c"),
    // "2. Low-Low or Low-Medium split. Exception: If an Ace or King can play in the Low Hand."
    c("two pair, low and medium, an ace or king to play in front: keep", "8s 8h 3d 3c Ks 5h 2d", "Ks 5h"),
    c("two pair, low and medium: split", "8s 8h 3d 3c Qs 5h 2d", "3d 3c"),
    c("two pair, low and low, an ace or king to play in front: keep", "5s 5h 3d 3c As 9h 2d", "As 9h"),
    c("two pair, low and low: split", "5s 5h 3d 3c Qs 9h 2d", "3d 3c"),
];

/// Harrah's Reno's two-pair rule (dealer flash cards).
const HARRAHS_RENO: &[Case] = &[
    // "Two Pair - 6's or higher: High pair goes on high hand, and low pair goes on low hand."
    c("two pair, both pairs sixes or higher: high pair in back, low pair in front", "7s 7h 6d 6c As Kh 2d", "6d 6c"),
    c("two pair, both pairs sixes or higher: high pair in back, low pair in front", "As Ah 6d 6c Ks Qh 2d", "6d 6c"),
    // "Two Pair - one or both pair are 5's or lower: Use the two pair in the high hand with any
    // ace in low hand. If there is no Ace, split the pair."
    c("two pair, one or both pairs fives or lower, an ace: both pairs in back, the ace in front", "Js Jh 4d 4c As 9h 2d", "As 9h"),
    c("two pair, one or both pairs fives or lower, no ace: split", "Js Jh 4d 4c Ks 9h 2d", "4d 4c"),
    c("two pair, one or both pairs fives or lower, no ace: split", "As Ah 3d 3c Ks 9h 2d", "3d 3c"),
];

/// Bally's Atlantic City, every rule whose text survives.
const BALLYS: &[Case] = &[
    // "Aces - any other pair: Always split."
    c("two pair, aces and any other pair: always split", "As Ah 4d 4c Ks 9h 2d", "4d 4c"),
    // "Mid Pair - High Pair OR High Pair - High Pair: Always split."
    c("two pair, mid (sevens to tens) or high (jacks to kings) and high: always split", "Qs Qh 8d 8c As 9h 2d", "8d 8c"),
    // "Low Pair - High Pair OR Mid Pair - Mid Pair: Split the pairs ... except when the hand
    // contains an Ace."
    c("two pair, low (deuces to sixes) and high, an ace: keep", "Ks Kh 3d 3c As 9h 2d", "As 9h"),
    c("two pair, low (deuces to sixes) and high: split", "Ks Kh 3d 3c Qs 9h 2d", "3d 3c"),
    c("two pair, mid and mid, an ace: keep", "Ts Th 8d 8c As 5h 2d", "As 5h"),
    c("two pair, mid and mid: split", "Ts Th 8d 8c Ks 5h 2d", "8d 8c"),
    // "Low Pair - Low Pair OR Low Pair - Mid Pair: Split the pairs ... except when the hand
    // contains King or Ace."
    c("two pair, low and mid, a king or ace: keep", "9s 9h 4d 4c Ks 7h 2d", "Ks 7h"),
    c("two pair, low and mid: split", "9s 9h 4d 4c Qs 7h 2d", "4d 4c"),
    c("two pair, low and low, a king or ace: keep", "6s 6h 2d 2c Ks 9h 3d", "Ks 9h"),
    c("two pair, low and low: split", "6s 6h 2d 2c Qs 9h 3d", "2d 2c"),
    // "Two three-of-a-kinds: Play pair of highest three-of-a-kind in the low hand."
    c("two three-of-a-kinds: pair of the higher in front", "Ks Kh Kd 7s 7h 7d 2c", "Ks Kh"),
    // "With Three-of-a-kind: Play the pair in the low hand."
    c("straight or flush with three of a kind: the pair in front", "7s 7h 7d 8c 9s Th Jd", "7s 7h"),
    // "Exception: When the hand contains a Straight or Straight Flush which is Ace High and
    // includes a Joker, play pair of Aces in the high hand and next two highest cards in the low
    // hand." A-K-Q-J with the joker for the ten: K-Q in front.
    c("ace-high straight made with the joker beside an ace, no lower straight: pair of aces in back, next two highest in front", "As Jk Kd Qc Jh 5s 3d", "Kd Qc"),
    // The same with a royal flush made with the joker: the text makes no exception for it.
    c("ace-high straight made with the joker beside an ace, no lower straight: pair of aces in back, next two highest in front", "Ac Jk Qc Jc Tc 3c 2c", "Qc Jc"),
    // "With One Pair: Play the pair in the front if a Straight or Flush can be played in the high
    // hand." Kings in front leave 6-7-8-9-T.
    c("straight or flush with one pair: the pair in front if a straight or flush stays in back, else the highest two cards that keep one", "Ks Kh 6d 7c 8s 9h Td", "Ks Kh"),
    // ... and where it cannot, the general rule: A-K-Q-J-T behind, K-3 in front (no Foxwoods
    // ace exception at Bally's).
    c("straight or flush with one pair: the pair in front if a straight or flush stays in back, else the highest two cards that keep one", "Ks Kh Qd Jc Ts As 3h", "Kh 3h"),
    // "play the hand which allows the highest two cards to be played in the low hand that will
    // preserve the Straight, Flush, or Straight Flush."
    c("straight or flush, no pair: the highest two cards in front that keep one", "As Kd 9c 8s 7h 6d 5c", "As Kd"),
    // "Three Pairs: Always play the highest pair in the low hand."
    c("three pairs: the highest pair in front", "Ks Kh 8d 8c 4s 4h 2d", "Ks Kh"),
    // "Three-of-a-kind: Always play in high hand ... except with three Aces, play pair of Aces in
    // high hand and one Ace in low hand."
    c("three aces: a pair of aces in back, one ace in front", "As Ah Ad Ks 9h 5d 2c", "As Ks"),
    c("three of a kind: in back", "8s 8h 8d As Kh 5d 2c", "As Kh"),
    // "One Pair: Always play the pair in the high hand. Use the two highest ranked cards in the
    // low hand."
    c("one pair: pair in back, two highest others in front", "Ts Th As Qh 8d 5c 2s", "As Qh"),
    // "No Pair: Always play the highest ranked card in the high hand. Use the second and third
    // highest ranked cards in the low hand."
    c("no pair: highest card in back, second and third in front", "As Qh Td 8c 6s 4h 2d", "Qh Td"),
];

/// British Columbia, every rule whose text survives.
const BRITISH_COLUMBIA: &[Case] = &[
    // "e) Aces with any Pair: Always split."
    c("two pair, aces with any pair: always split", "As Ah 4d 4c Ks Qh 2d", "4d 4c"),
    // "d) High with Medium/High: Always split."
    c("two pair, high (jacks to kings) with medium (sevens to tens) or high: always split", "Qs Qh 8d 8c As Kh 2d", "8d 8c"),
    // "b) Low with High: Split unless holding an Ace"
    c("two pair, low (deuces to sixes) with high, holding an ace: keep", "Ks Kh 3d 3c As 9h 2d", "As 9h"),
    c("two pair, low (deuces to sixes) with high: split", "Ks Kh 3d 3c Qs 9h 2d", "3d 3c"),
    // "c) Medium with Medium: Split unless holding an Ace"
    c("two pair, medium with medium, holding an ace: keep", "Ts Th 8d 8c As 5h 2d", "As 5h"),
    c("two pair, medium with medium: split", "Ts Th 8d 8c Ks Qh 2d", "8d 8c"),
    // "a) Low with Low/Medium: Split unless holding a King/Queen or King/Jack or better"
    c("two pair, low with low or medium, holding king-queen, king-jack or better: keep", "9s 9h 4d 4c Ks Jh 2d", "Ks Jh"),
    c("two pair, low with low or medium, holding king-queen, king-jack or better: keep", "4s 4h 2d 2c As 7h 9d", "As 9d"),
    c("two pair, low with low or medium: split", "9s 9h 4d 4c Ks Th 2d", "4d 4c"),
    // "(TWO) THREE OF A KIND: Split the highest three of a kind to use in the low hand."
    c("two three of a kinds: the higher split, its pair in front", "Ks Kh Kd 7s 7h 7d 2c", "Ks Kh"),
    // "a) Having a five-card Straight or Straight Flush, which is Ace high and includes a Joker,
    // play two Aces (Ace and Joker) in the high hand with the next highest cards in the low hand."
    c("five-card ace-high straight with the joker beside an ace: ace and joker in back, next highest in front", "As Jk Kd Qc Jh 5s 3d", "Kd Qc"),
    // "b) ... six or seven card Straight ... which is Ace high and includes a Joker, then play the
    // lower Straight (9 through King ...) in the high hand with the Ace, King or Ace, other card
    // in the low hand."
    c("six- or seven-card ace-high straight with the joker beside an ace: the lower straight in back, the ace in front", "As Jk Kd Qc Jh 9s 3d", "As 3d"),
    // "With No Pair: Keep as high hand. Given a choice ... play whichever high hand will allow the
    // highest cards in the low hand."
    c("straight or flush, no pair: the straight, flush or straight flush that leaves the highest cards in front", "As Kd 9c 8s 7h 6d 5c", "As Kd"),
    // "THREE PAIRS: Use the highest pair for the low hand."
    c("three pairs: the highest pair in front", "Ks Kh 8d 8c 4s 4h 2d", "Ks Kh"),
    // "THREE OF A KIND: Always play in high hand. Exception: Split three aces, leaving a pair of
    // aces in the high hand."
    c("three aces: split, a pair of aces in back", "As Ah Ad Ks 9h 5d 2c", "As Ks"),
    c("three of a kind: in back", "8s 8h 8d As Kh 5d 2c", "As Kh"),
    // "ONE PAIR: Use the pair in the high hand and the next highest cards for the low hand."
    c("one pair: pair in back, next highest in front", "Ts Th As Qh 8d 5c 2s", "As Qh"),
    // "NO PAIR: Use the highest card in the high hand then use second and third highest cards in
    // the low hand."
    c("no pair: highest in back, second and third in front", "As Qh Td 8c 6s 4h 2d", "Qh Td"),
];

/// The Gold Star School of Gaming's standard way (all but its two-pair rule).
const GOLD_STAR: &[Case] = &[
    // "Five aces: Split aces and play three aces in back and two aces in front. If you have five
    // aces and a pair of kings, then play five aces in back and kings in front."
    c("five aces with a pair of kings: five aces in back, kings in front", "As Ah Ad Ac Jk Ks Kh", "Ks Kh"),
    c("five aces: three aces in back, two in front", "As Ah Ad Ac Jk 9s 2h", "As Ah"),
    // "Four of a kind and a pair: Play pair in front." "Four of a kind and three of a kind: Play
    // pair in front from the three of a kind."
    c("four of a kind and a pair, or three of a kind: the pair in front", "9s 9h 9d 9c Ks Kh 2d", "Ks Kh"),
    c("four of a kind and a pair, or three of a kind: the pair in front", "5s 5h 5d 5c Js Jh Jd", "Js Jh"),
    // "J-A: Always split."
    c("four of a kind, jacks to aces: always split", "Qs Qh Qd Qc As 5h 2d", "Qs Qh"),
    // "7-10: Split unless an ace or better can be played in front." (a king is not enough)
    c("four of a kind, sevens to tens, an ace to play in front: keep", "8s 8h 8d 8c As 5h 2d", "As 5h"),
    c("four of a kind, sevens to tens: split", "8s 8h 8d 8c Ks 5h 2d", "8s 8h"),
    // "2-6: Always keep together."
    c("four of a kind, deuces to sixes: always keep", "4s 4h 4d 4c Ks 9h 2d", "Ks 9h"),
    // "Three of a kind twice: Play lowest trips in the back and highest pair in front."
    c("three of a kind twice: lowest trips in back, highest pair in front", "Ks Kh Kd 7s 7h 7d 2c", "Ks Kh"),
    // "If the full house includes a pair of twos and kickers are A-K, keep full house together."
    c("full house with a pair of deuces and ace-king kickers: keep together", "9s 9h 9d 2s 2h As Kd", "As Kd"),
    c("full house with a pair of deuces and ace-king kickers: keep together", "9s 9h 9d 2s 2h Jk Kd", "Jk Kd"),
    // "Full house: Play the three of a kind in back and pair up front." (deuces with A-Q kickers
    // are not the exception) "Full house with three of a kind and two pairs: Play the highest
    // pair in front."
    c("full house: three of a kind in back, the (highest) pair in front", "9s 9h 9d 2s 2h As Qd", "2s 2h"),
    c("full house: three of a kind in back, the (highest) pair in front", "Ks Kh Kd 9s 9h 5d 5c", "9s 9h"),
    // "If pair is 10's+ and you have an ace, play pair/ace." K-Q-J-T-9 would keep A-K in front;
    // the text gives up the straight: kings behind, ace-queen in front.
    c("straight or flush with a pair of tens or better and an ace: pair in back, ace in front", "Ks Kh Qd Jc Ts 9s As", "As Qd"),
    // "With one pair: Play pair in the front if a straight or flush can be maintained in back."
    c("straight or flush with one pair: pair in front if a straight or flush stays in back", "Ks Kh 6d 7c 8s 9h Td", "Ks Kh"),
    // ... where it cannot, Foxwoods: "highest possible two cards ... that will leave any
    // complete hand in back".
    c("straight or flush with one pair: pair in front if a straight or flush stays in back", "5s 5h 6d 7c 8s 9h Kd", "Kd 5s"),
    // "With no pair: Play the way that will allow the highest two cards in front."
    c("straight or flush, no pair: the highest two cards in front", "As Kd 9c 8s 7h 6d 5c", "As Kd"),
    // "Three pair: Play the highest pair in front."
    c("three pair: highest pair in front", "Ks Kh 8d 8c 4s 4h 2d", "Ks Kh"),
    // "Three of a kind: Play three of a kind in back. If three aces, split them."
    c("three aces: split", "As Ah Ad Ks 9h 5d 2c", "As Ks"),
    c("three of a kind: in back", "8s 8h 8d As Kh 5d 2c", "As Kh"),
    // "One pair: Play the pair in back and the next two highest cards in the front."
    c("one pair: pair in back, next two highest in front", "Ts Th As Qh 8d 5c 2s", "As Qh"),
    // "No pair: Play the highest card in the back and the next two highest in the front."
    c("no pair: highest in back, next two in front", "As Qh Td 8c 6s 4h 2d", "Qh Td"),
];

/// Santa Ana Star (complete).
const SANTA_ANA_STAR: &[Case] = &[
    // "Five Aces: Always play a pair of aces in the low hand." (even with a pair of kings)
    c("five aces: a pair of aces in front", "As Ah Ad Ac Jk Ks Kh", "As Ah"),
    // "Four of a Kind: Apply the two pair rule." + "Three Pair: Always play the highest pair in
    // the low hand." (option four-of-a-kind-with-more, its default reading)
    under("four-of-a-kind-with-more=as-two-pair", "four of a kind and a pair, the four as two pairs: three pair, the highest pair in front", "9s 9h 9d 9c Ks Kh 2d", "Ks Kh"),
    under("four-of-a-kind-with-more=as-two-pair", "four of a kind and a pair, the four as two pairs: three pair, the highest pair in front", "9s 9h 9d 9c 5s 5h Kd", "9s 9h"),
    // ... + "Full House: Play the pair in the low hand, and the three of a kind in the high hand."
    under("four-of-a-kind-with-more=as-two-pair", "four of a kind and three of a kind, the four as two pairs: a full house, a pair of the four in front", "5s 5h 5d 5c Js Jh Jd", "5s 5h"),
    // The other reading: the pair in front, the four of a kind behind.
    under("four-of-a-kind-with-more=pair-in-front", "four of a kind with a pair or three of a kind: the pair in front, the four of a kind in back", "9s 9h 9d 9c 5s 5h Kd", "5s 5h"),
    under("four-of-a-kind-with-more=pair-in-front", "four of a kind with a pair or three of a kind: the pair in front, the four of a kind in back", "5s 5h 5d 5c Js Jh Jd", "Js Jh"),
    // Four of a kind by the two-pair rule: "Aces - Always split aces with any other pair."
    c("four aces, as aces with another pair: always split", "As Ah Ad Ac Ks Qh 2d", "As Ah"),
    c("four aces, as aces with another pair: always split", "As Ah Ad Jk Ks Qh 2d", "As Ah"),
    // "Medium/High or High/High - Always split." (tens are high)
    c("four tens to kings, as high with high: always split", "Ts Th Td Tc As Kh 2d", "Ts Th"),
    // "Medium/Medium or Low/High - Split unless there is an Ace and a Face (a ten is not a face)."
    c("four sixes to nines, as medium with medium, an ace and a face: keep", "7s 7h 7d 7c As Jh 2d", "As Jh"),
    c("four sixes to nines, as medium with medium: split", "7s 7h 7d 7c As Th 2d", "7s 7h"),
    // "Low/Low or Low/Medium - Split unless there is an Ace or King."
    c("four deuces to fives, as low with low, an ace or king: keep", "3s 3h 3d 3c Ks 9h 2d", "Ks 9h"),
    c("four deuces to fives, as low with low: split", "3s 3h 3d 3c Qs 9h 2d", "3s 3h"),
    // Two three of a kinds (not in the text; option two-three-of-a-kinds).
    under("two-three-of-a-kinds=higher-pair-in-front", "two three of a kinds: the lower in back, a pair of the higher in front", "Ks Kh Kd 7s 7h 7d 2c", "Ks Kh"),
    under("two-three-of-a-kinds=lower-pair-in-front", "two three of a kinds: the higher in back, a pair of the lower in front", "Ks Kh Kd 7s 7h 7d 2c", "7s 7h"),
    // "Always split three acess" also when the other set is lower.
    under("two-three-of-a-kinds=lower-pair-in-front", "two three of a kinds, one of aces: the aces split, a pair of aces in front", "As Ah Ad 7s 7h 7d 2c", "As Ah"),
    // "Full House: Play the pair in the low hand, and the three of a kind in the high hand."
    c("full house: the pair in front, the three of a kind in back", "7s 7h 7d 4s 4h Ks 2d", "4s 4h"),
    c("full house: the pair in front, the three of a kind in back", "Ks Kh Kd 9s 9h 5d 5c", "9s 9h"),
    // "Flush: Always play the flushs" before "Straight": 7-8-9-K-2 of spades behind, 6-5 in front,
    // though the straight 5-9 would leave K-2.
    c("flush or straight (no two pair): play it, the flush first, the best two cards in front", "5h 6d 7s 8s 9s Ks 2s", "6d 5h"),
    c("flush or straight (no two pair): play it, the flush first, the best two cards in front", "As Kd 9c 8s 7h 6d 5c", "As Kd"),
    // A straight ranks above three of a kind: the straight is played, the pair of sevens in front.
    c("flush or straight (no two pair): play it, the flush first, the best two cards in front", "7s 7h 7d 8c 9s Th Jd", "7s 7h"),
    // "Always split three acess."
    c("three aces: split", "As Ah Ad Ks 9h 5d 2c", "As Ks"),
    // "Always play the three of a kind in the high hand"
    c("three of a kind: in back, the two best others in front", "8s 8h 8d As Kh 5d 2c", "As Kh"),
    // "Three Pair: Always play the highest pair in the low hand."
    c("three pair: the highest pair in front", "Ks Kh 8d 8c 4s 4h 2d", "Ks Kh"),
    // Two pair: "2,3,4,5 (Low), 6,7,8,9 (Medium), 10,J,Q,K (High)"
    c("two pair, aces with any other pair: always split", "As Ah 4d 4c Ks Qh 2d", "4d 4c"),
    c("two pair, medium or high with high: always split", "Ts Th 6d 6c As Kh 2d", "6d 6c"),
    c("two pair, low with high, an ace and a face to play in front: keep", "Ts Th 4d 4c As Jh 2d", "As Jh"),
    c("two pair, low with high: split", "Ts Th 4d 4c As 9h 2d", "4d 4c"),
    // Kings with fours and an ace: the face is the kings themselves (option ace-and-face).
    under("ace-and-face=to-play-in-front", "two pair, low with high: split", "Ks Kh 4d 4c As 9h 2d", "4d 4c"),
    under("ace-and-face=anywhere-in-the-hand", "two pair, low with a high pair of jacks to kings (a face) and an ace: keep", "Ks Kh 4d 4c As 9h 2d", "As 9h"),
    c("two pair, medium with medium, an ace and a face: keep", "9s 9h 6d 6c As Qh 2d", "As Qh"),
    c("two pair, medium with medium: split", "9s 9h 6d 6c As Th 2d", "6d 6c"),
    c("two pair, low with low or medium, an ace or king: keep", "8s 8h 3d 3c Ks 5h 2d", "Ks 5h"),
    c("two pair, low with low or medium, an ace or king: keep", "5s 5h 3d 3c Jk 9h 2d", "Jk 9h"),
    c("two pair, low with low or medium: split", "8s 8h 3d 3c Qs 5h 2d", "3d 3c"),
    // "One Pair: Play the pair in the high hand, use the next two highest cardss in the low hand."
    c("one pair: the pair in back, the next two highest in front", "Ts Th As Qh 8d 5c 2s", "As Qh"),
    // "No Pair: Play the highest card in the high hand, use the next two highest cards in the low hand."
    c("no pair: the highest card in back, the next two in front", "As Qh Td 8c 6s 4h 2d", "Qh Td"),
];

fn set(s: &str) -> CardSet {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e:?}"))
}

#[test]
fn every_rule_of_every_published_way_sets_its_example_as_the_text_says() {
    let ways: &[(&str, &[Case])] = &[
        ("foxwoods", &[]),
        ("foxwoods-trump-plaza-two-pair", TRUMP_PLAZA),
        ("foxwoods-canterbury-park-two-pair", CANTERBURY_PARK),
        ("foxwoods-harrahs-reno-two-pair", HARRAHS_RENO),
        ("foxwoods-ballys-atlantic-city", BALLYS),
        ("foxwoods-british-columbia", BRITISH_COLUMBIA),
        ("foxwoods-gold-star", GOLD_STAR),
        ("santa-ana-star", SANTA_ANA_STAR),
    ];
    let e = Evaluator::get(Ranking::PaiGow);
    for &(id, own) in ways {
        for spec in builtin_specs(id).unwrap() {
            let way = builtin(&spec).unwrap();
            let names: BTreeSet<&str> = way.rules.iter().map(|r| r.name.as_str()).collect();
            let mut covered = BTreeSet::new();
            for case in FOXWOODS.iter().chain(own) {
                if !names.contains(case.rule) || !spec.contains(case.only) {
                    continue;
                }
                let hand = set(case.hand);
                let rule = way.rule_for(hand).map(|r| r.name.as_str());
                assert_eq!(rule, Some(case.rule), "{spec}: {} is decided by another rule", case.hand);
                let got = way.set(hand).unwrap_or_else(|err| panic!("{spec}: {}: {err}", case.hand));
                let front = set(case.front);
                assert_eq!(front.len(), 2);
                let want = (low_hand(front), e.evaluate(hand.minus(front)));
                assert_eq!((got.low, got.high), want, "{spec}: {} sets {} in front, the text says {}", case.hand, got.low_cards, case.front);
                covered.insert(case.rule);
            }
            let missing: Vec<&&str> = names.difference(&covered).collect();
            assert!(missing.is_empty(), "{spec}: rules without an example: {missing:?}");
        }
    }
}

/// The text's joker readings and its wheel clause, on the facts the conditions test.
#[test]
fn the_joker_straight_exception_reads_as_the_texts_say() {
    let ballys = builtin("foxwoods-ballys-atlantic-city").unwrap();
    // A natural A-K-Q-J-T needs no joker: the general straight rule, not the exception.
    assert_ne!(ballys.rule_for(set("As Kd Qc Jh Ts Jk 3d")).unwrap().name, ballys.rule_for(set("As Jk Kd Qc Jh 5s 3d")).unwrap().name);
    // The joker as the ace of K-Q-J-T is not "a pair of Aces": the general rule decides.
    assert!(ballys.rule_for(set("Jk Kd Qc Jh Ts 5s 3d")).unwrap().name.starts_with("straight or flush, no pair"));
    // With a lower straight (K-Q-J-joker-9) the straight is played, the ace in front.
    let s = ballys.set(set("As Jk Kd Qc Jh 9s 3d")).unwrap();
    assert_eq!(s.low_cards, set("As 3d"));
}
