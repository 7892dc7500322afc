//! Unit tests of the mechanics the expansions need, each written once in the machinery: several
//! triggers of one skill on one timing, usage limits, limited and awakening skills, marks, piles,
//! turned over and chained, skills gained and lost, the new timings, damage natures, showing
//! cards, extra turns and skipped phases, 拼点, and filters. No standard content uses most of
//! these, so each test gives a seat a skill of its own (in place of a standard skill's
//! definition, through `testing::registry_with`) or calls the machinery's operation directly,
//! and checks the events, what each seat sees of them, and the view.

use crate::action::Action;
use crate::card::{CardKind, Nature, Suit};
use crate::def::skill::{Active, Ask, Limit, Period, SkillDef, SkillFrame, Tags, Trigger, ViewAs};
use crate::def::{CardPack, DeckRow};
use crate::event::{Event, Known};
use crate::game::Game;
use crate::ids::{MarkId, SkillId};
use crate::prompt::{Cause, Phase, PromptKind};
use crate::resolve::pindian::PindianFrame;
use crate::resolve::{Frame, Reply, Step, Timing, TimingData};
use crate::ruleset::{PackChoice, Ruleset};
use crate::scenario::{CardSpec, MarkSpec, PileSpec};
use crate::seat::{Role::*, Seat};
use crate::testing::{cards, registry_with, seat, table, Check};
use crate::zone::{Visibility, Zone};

// ---- helpers -------------------------------------------------------------------------------

fn at_own_start(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Start } if *seat == owner)
}

fn at_any_start(_: &Game, _: Seat, data: &TimingData) -> bool {
    matches!(
        data,
        TimingData::Phase {
            phase: Phase::Start,
            ..
        }
    )
}

fn draw_one(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.draw(owner, 1);
    None
}

fn count_one(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.add_mark(owner, MarkId::Skill(SkillId::Biyue), 1, Visibility::Public);
    None
}

fn always(_: &Game, _: Seat) -> bool {
    true
}

/// An active skill's step that only announces it (the machinery counts the use).
fn announce(game: &mut Game, frame: &mut SkillFrame) -> Step {
    game.invoke(frame.owner, frame.skill, Vec::new());
    Step::Done
}

fn skill(id: SkillId) -> Action {
    Action::Skill {
        skill: id,
        cards: Vec::new(),
        targets: Vec::new(),
    }
}

/// Seat 0 (the lord) with `gained` skills in `phase`, against a rebel.
fn with_skills(phase: Phase, gained: &[SkillId], defs: &[&'static SkillDef]) -> Check {
    let mut s = table(&[Lord, Rebel]);
    s.phase = phase;
    seat(&mut s, 0).gained = gained.to_vec();
    Check::with_registry(registry_with(defs, &[]), s)
}

fn invoked(c: &Check, id: SkillId) -> usize {
    c.events
        .iter()
        .filter(|e| matches!(e, Event::SkillInvoked { skill, .. } if *skill == id))
        .count()
}

// ---- several triggers of one skill on one timing ------------------------------------------

static TWICE: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[
        Trigger {
            timing: Timing::PhaseStart,
            can_trigger: at_own_start,
            ask: Ask::Never,
            on_trigger: draw_one,
        },
        Trigger {
            timing: Timing::PhaseStart,
            can_trigger: at_own_start,
            ask: Ask::Never,
            on_trigger: draw_one,
        },
    ],
    ..SkillDef::named(SkillId::Biyue, "二", "Twice", "二", "Twice")
};

#[test]
fn both_triggers_of_one_skill_on_one_timing_resolve() {
    let c = with_skills(Phase::Start, &[SkillId::Biyue], &[&TWICE]);
    assert_eq!(invoked(&c, SkillId::Biyue), 2);
    // One card from each trigger, two from the draw phase that follows.
    assert_eq!(c.game.hand(Seat(0)).len(), 4);
}

// ---- usage limits ----------------------------------------------------------------------------

static TWICE_A_TURN: SkillDef = SkillDef {
    active: Some(Active { can_use: always }),
    limit: Some(Limit {
        times: 2,
        per: Period::Turn,
    }),
    step: Some(announce),
    ..SkillDef::named(SkillId::Tuxi, "二", "Twice a turn", "二", "Twice a turn")
};

#[test]
fn an_active_skill_is_offered_while_its_limit_allows_and_again_next_turn() {
    let mut c = with_skills(Phase::Play, &[SkillId::Tuxi], &[&TWICE_A_TURN]);
    c.act(0, skill(SkillId::Tuxi)).act(0, skill(SkillId::Tuxi));
    assert!(!c.allows(0, &skill(SkillId::Tuxi)), "two uses a turn");
    c.pass(0); // end the play phase
    while c.game.turn().seat != Seat(0) || c.game.turn().phase != Some(Phase::Play) {
        let p = c.game.prompts()[0].clone();
        c.act(p.seat.0, p.default_action());
    }
    assert!(c.allows(0, &skill(SkillId::Tuxi)), "a new turn, new uses");
}

static ONCE_A_ROUND: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    limit: Some(Limit {
        times: 1,
        per: Period::Round,
    }),
    triggers: &[Trigger {
        timing: Timing::PhaseStart,
        can_trigger: at_any_start,
        ask: Ask::Never,
        on_trigger: count_one,
    }],
    ..SkillDef::named(SkillId::Biyue, "轮", "Once a round", "轮", "Once a round")
};

#[test]
fn a_round_limit_counts_over_every_turn_of_the_round() {
    let mut s = table(&[Lord, Rebel, Renegade]);
    s.phase = Phase::Start;
    seat(&mut s, 1).gained = vec![SkillId::Biyue];
    let mut c = Check::with_registry(registry_with(&[&ONCE_A_ROUND], &[]), s);
    let mark = MarkId::Skill(SkillId::Biyue);
    // Round 1: the lord's start phase fired it; the rebel's and the renegade's do not.
    assert_eq!(c.game.mark(Seat(1), mark), 1);
    let mut turns = vec![];
    while c.game.round() == 1 {
        let p = c.game.prompts()[0].clone();
        c.act(p.seat.0, p.default_action());
        turns.push(c.game.turn().seat);
    }
    assert!(
        turns.contains(&Seat(1)) && turns.contains(&Seat(2)),
        "{turns:?}"
    );
    // Round 2 began, and the lord's start phase fired it once more; nothing else does.
    assert_eq!(c.game.mark(Seat(1), mark), 2);
    while c.game.round() == 2 {
        let p = c.game.prompts()[0].clone();
        c.act(p.seat.0, p.default_action());
    }
    assert_eq!(c.game.mark(Seat(1), mark), 3);
}

static LIMITED: SkillDef = SkillDef {
    tags: Tags {
        limited: true,
        ..Tags::NONE
    },
    active: Some(Active { can_use: always }),
    step: Some(announce),
    ..SkillDef::named(SkillId::Tuxi, "限", "Limited", "限", "Limited")
};

/// W-MECH-LIMIT-1 (a 限定技 once per game), W-MECH-MARK-2 (the view shows it used).
#[test]
fn a_limited_skill_is_used_once_per_game_and_the_view_shows_it() {
    let mut c = with_skills(Phase::Play, &[SkillId::Tuxi], &[&LIMITED]);
    c.act(0, skill(SkillId::Tuxi));
    assert!(c.events.contains(&Event::LimitedSkillUsed {
        seat: Seat(0),
        skill: SkillId::Tuxi
    }));
    assert_eq!(c.game.view(Seat(1)).seats[0].limited_used, [SkillId::Tuxi]);
    assert!(!c.allows(0, &skill(SkillId::Tuxi)));
}

static AWAKENING: SkillDef = SkillDef {
    tags: Tags {
        awakening: true,
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[Trigger {
        timing: Timing::PhaseStart,
        can_trigger: at_any_start,
        ask: Ask::Never,
        on_trigger: count_one,
    }],
    ..SkillDef::named(SkillId::Biyue, "醒", "Awakening", "醒", "Awakening")
};

#[test]
fn an_awakening_skill_fires_once_and_stays_awakened() {
    let mut c = with_skills(Phase::Start, &[SkillId::Biyue], &[&AWAKENING]);
    assert!(c.events.contains(&Event::Awakened {
        seat: Seat(0),
        skill: SkillId::Biyue
    }));
    while c.game.turn().seat == Seat(0) {
        c.pass(0);
    }
    // The rebel's start phase comes and goes: it does not fire again.
    while c.game.turn().seat != Seat(0) {
        let p = c.game.prompts()[0].clone();
        c.act(p.seat.0, p.default_action());
    }
    assert_eq!(c.game.mark(Seat(0), MarkId::Skill(SkillId::Biyue)), 1);
    assert_eq!(c.game.view(Seat(1)).seats[0].awakened, [SkillId::Biyue]);
}

// ---- marks -----------------------------------------------------------------------------------

#[test]
fn marks_last_show_as_they_may_and_go_with_death() {
    let mut s = table(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[CardKind::Slash]);
    seat(&mut s, 1).hp = Some(1);
    seat(&mut s, 1).marks = vec![MarkSpec {
        mark: MarkId::Skill(SkillId::Biyue),
        count: 2,
        visibility: Visibility::Public,
    }];
    let mut c = Check::new(s);
    let hidden = MarkId::Card(CardKind::Peach);
    c.game.set_mark(Seat(1), hidden, 3, Visibility::Owner);
    let public = MarkId::Skill(SkillId::Biyue);
    assert_eq!(c.game.mark(Seat(1), hidden), 3);
    assert_eq!(
        c.game.view(Seat(1)).seats[1].marks.len(),
        2,
        "its own marks"
    );
    let others = c.game.view(Seat(0)).seats[1].marks.clone();
    assert_eq!(others.len(), 1, "another seat sees the public mark only");
    assert_eq!(others[0].id, public);
    c.events.extend(c.game.take_events().0);
    assert!(
        !c.seen_by(Some(0))
            .iter()
            .any(|e| matches!(e, Event::MarkChanged { mark, .. } if *mark == hidden)),
        "an owner-only mark's change is not shown to others"
    );
    // Killed: the marks go.
    c.card(0, CardKind::Slash, &[1]).pass(1);
    while let Some(p) = c.game.prompts().first().cloned() {
        c.pass(p.seat.0);
    }
    assert!(!c.alive(1));
    assert!(c.game.seat(Seat(1)).marks.is_empty());
}

// ---- piles -----------------------------------------------------------------------------------

/// W-MECH-PILE-1: a named pile on a general, outside hand, equipment and judgment area.
#[test]
fn a_pile_on_a_general_keeps_its_visibility_and_goes_when_its_skill_is_lost() {
    let mut s = table(&[Lord, Rebel]);
    seat(&mut s, 1).gained = vec![SkillId::Tuxi];
    seat(&mut s, 1).piles = vec![PileSpec {
        skill: SkillId::Guanxing,
        visibility: Visibility::Public,
        cards: cards(&[CardKind::Jink]),
    }];
    let mut c = Check::new(s);
    let top = *c.game.table().draw_pile.last().unwrap();
    c.game
        .move_to_pile(&[top], Seat(1), SkillId::Tuxi, Visibility::Owner);
    c.assert_conserved();
    assert_eq!(c.game.pile(Seat(1), SkillId::Tuxi), [top]);
    let mine = c.game.view(Seat(1)).seats[1].piles.clone();
    let theirs = c.game.view(Seat(0)).seats[1].piles.clone();
    assert_eq!(mine.len(), 2);
    assert_eq!(
        mine[1].cards.as_deref(),
        Some(&[top][..]),
        "the owner sees its own"
    );
    assert_eq!(
        (theirs[1].count, theirs[1].cards.clone()),
        (1, None),
        "others a count"
    );
    assert!(theirs[0].cards.is_some(), "a public pile is face up");
    c.events.extend(c.game.take_events().0);
    let moved = c.seen_by(Some(0));
    assert!(moved.iter().any(|e| matches!(e,
        Event::CardsMoved { cards, to: Zone::Pile { owner: Seat(1), skill: SkillId::Tuxi }, .. }
            if cards == &[None]
    )));
    // Losing the skill sends its pile to the discard pile.
    c.game.lose_skill(Seat(1), SkillId::Tuxi);
    assert!(c.game.pile(Seat(1), SkillId::Tuxi).is_empty());
    assert_eq!(c.game.table().discard_pile.last(), Some(&top));
    assert!(!c.game.seat(Seat(1)).skills.contains(&SkillId::Tuxi));
    c.assert_conserved();
}

// ---- skills gained and lost ------------------------------------------------------------------

#[test]
fn skills_gained_and_lost_are_events_and_in_the_view() {
    let mut c = Check::new(table(&[Lord, Rebel]));
    c.game.gain_skill(Seat(1), SkillId::Paoxiao);
    assert!(c.game.has_skill(Seat(1), SkillId::Paoxiao));
    assert_eq!(*c.game.view(Seat(0)).seats[1].skills, [SkillId::Paoxiao]);
    c.game.lose_skill(Seat(1), SkillId::Paoxiao);
    let events = c.game.take_events().0;
    assert_eq!(
        events,
        [
            Event::SkillGained {
                seat: Seat(1),
                skill: SkillId::Paoxiao
            },
            Event::SkillLost {
                seat: Seat(1),
                skill: SkillId::Paoxiao
            }
        ]
    );
    assert!(c.game.view(Seat(0)).seats[1].skills.is_empty());
}

// ---- turned over and chained ------------------------------------------------------------------

/// W-MECH-FLIP-1 (turning over toggles; face down, the next turn is skipped by turning face up).
#[test]
fn a_face_down_general_skips_its_turn_turning_face_up() {
    let mut s = table(&[Lord, Rebel, Renegade]);
    seat(&mut s, 1).turned = true;
    let mut c = Check::new(s);
    assert!(c.game.view(Seat(2)).seats[1].turned);
    c.pass(0); // the lord ends its play phase
    while c.game.turn().seat == Seat(0) {
        let p = c.game.prompts()[0].clone();
        c.act(p.seat.0, p.default_action());
    }
    // Seat 1 turned face up instead of taking a turn: seat 2 is next.
    assert_eq!(c.game.turn().seat, Seat(2));
    assert!(!c.game.is_turned_over(Seat(1)));
    assert!(c.events.contains(&Event::TurnedOver {
        seat: Seat(1),
        face_down: false
    }));
    assert!(!c.events.contains(&Event::TurnStarted { seat: Seat(1) }));
}

/// W-MECH-FLIP-3: being face down has no other effect — the character is targeted and answers
/// as usual in another's turn.
#[test]
fn a_face_down_general_is_targeted_and_answers_as_usual() {
    let mut s = table(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[CardKind::Slash]);
    seat(&mut s, 1).hand = cards(&[CardKind::Jink]);
    seat(&mut s, 1).turned = true;
    let mut c = Check::new(s);
    c.card(0, CardKind::Slash, &[1]);
    assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { .. })));
    c.card(1, CardKind::Jink, &[]);
    assert_eq!(c.hp(1), 4, "the 闪 answered the 杀");
    assert!(c.game.is_turned_over(Seat(1)));
}

/// D.25: 闪电's thunder damage to a chained character passes to every other chained one, in
/// seat order from the current seat; each is unchained as it is hit.
#[test]
fn d25_elemental_damage_passes_along_the_chain() {
    let mut s = table(&[Lord, Rebel, Renegade, Loyalist]);
    s.phase = Phase::Judge;
    seat(&mut s, 0).judge = vec![CardSpec::exact(CardKind::Lightning, Suit::Spade, 1)];
    for i in [0, 2, 3] {
        seat(&mut s, i).chained = true;
        seat(&mut s, i).hp = Some(4);
    }
    s.draw_pile_top = vec![CardSpec::exact(CardKind::Slash, Suit::Spade, 8)];
    let mut c = Check::new(s);
    c.pass_windows();
    // Seat 0 takes 3; the chain passes it to seats 2 and 3; seat 1 was never chained.
    assert_eq!((c.hp(0), c.hp(1), c.hp(2), c.hp(3)), (1, 4, 1, 1));
    for i in 0..4 {
        assert!(!c.game.is_chained(Seat(i)));
    }
    let hits: Vec<(u8, Nature)> = c
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Damaged { target, nature, .. } => Some((target.0, *nature)),
            _ => None,
        })
        .collect();
    assert_eq!(
        hits,
        [
            (0, Nature::Thunder),
            (2, Nature::Thunder),
            (3, Nature::Thunder)
        ]
    );
}

mod flow;

// ---- a sanity check on the test skills themselves ----------------------------------------------------

#[test]
fn test_skills_only_act_in_test_registries() {
    let c = with_skills(Phase::Start, &[SkillId::Biyue], &[]);
    assert_eq!(
        invoked(&c, SkillId::Biyue),
        0,
        "the engine's own 闭月 waits for the finish phase"
    );
}
