//! 观星 Guanxing — 诸葛亮.
//!
//! 准备阶段开始时，你可以观看牌堆顶的X张牌（X为存活角色数且至多为5），然后将其中任意数量的牌以任意顺序置于牌堆顶，其余以任意顺序置于牌堆底。
//! At the start of your preparation phase you may look at the top X cards (X = living
//! characters, at most 5) and put any of them back on top in any order and the rest at the
//! bottom in any order.
//!
//! Only 诸葛亮 learns the cards: they are moved from the top of the pile onto the top again,
//! seen by him alone, and the prompt listing them is his. Everyone sees how many go where.
//!
//! The 2008 text ([`EARLY`], `V-EARLY-8`, `edition = 2008`): 摸牌阶段前，查看牌堆顶的三张牌，将其中任意数量的牌
//! 以任意顺序置于牌堆底，其余则以任意顺序置于牌堆顶。摸牌阶段照常摸两张牌。 Three cards, whatever the
//! table size, at the start of his draw phase (after his judgment phase, before he draws).

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Choices, Phase, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::PhaseStart,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(SkillId::Guanxing, "观星", "Guanxing", "准备阶段开始时，你可以观看牌堆顶的X张牌（X为存活角色数且至多为5），然后将其中任意数量的牌以任意顺序置于牌堆顶，其余以任意顺序置于牌堆底。", "At the start of your preparation phase you may look at the top X cards (X = living characters, at most 5) and put them back on top and at the bottom in any order.")
};

/// 观星 as the 2008 leaflet words it: three cards, before the draw.
pub static EARLY: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::PhaseStart,
        can_trigger: |_, owner, data| {
            matches!(data, TimingData::Phase { seat, phase: Phase::Draw } if *seat == owner)
        },
        ask: Ask::Confirm,
        on_trigger: |_, owner, _, _| {
            Some(Frame::Skill(SkillFrame::new(SkillId::GuanxingEarly, owner)))
        },
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::GuanxingEarly,
        "观星",
        "Guanxing",
        "摸牌阶段开始时，你可以观看牌堆顶的三张牌，然后将其中任意数量的牌以任意顺序置于牌堆顶，其余以任意顺序置于牌堆底。",
        "At the start of your draw phase you may look at the top three cards and put them back on top and at the bottom in any order.",
    )
};

fn can_trigger(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Start } if *seat == owner)
}

fn on_trigger(_: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    Some(Frame::Skill(SkillFrame::new(SkillId::Guanxing, owner)))
}

/// Look at the top X cards, then put them back as arranged.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        0 => {
            let x = match frame.skill {
                SkillId::GuanxingEarly => 3,
                _ => game.alive_count().min(5),
            };
            let cards = game.take_from_top(x);
            if cards.is_empty() {
                return Step::Done;
            }
            game.put_on_top(&cards, owner);
            frame.cards = cards;
            frame.step = 1;
            Step::Again
        }
        1 => {
            frame.step = 2;
            Step::ask(Prompt::new(
                owner,
                PromptKind::Arrange,
                Choices::Arrange {
                    cards: frame.cards.clone(),
                },
            ))
        }
        _ => {
            if let Some((_, Action::Arrange { top, bottom })) = game.take_answer() {
                game.put_on_bottom(&bottom, owner);
                game.put_on_top(&top, owner);
            }
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::{CardId, CardKind};
    use crate::event::Event;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Choices, Phase, PromptKind};
    use crate::seat::{Role, Seat};
    use crate::testing::{cards, seat, table, Check};

    /// 诸葛亮 in seat 0 at the start of his turn, `roles.len()` seats, a stacked pile.
    fn start_of_turn(roles: &[Role]) -> Check {
        let mut s = table(roles);
        seat(&mut s, 0).general = GeneralId::Zhugeliang;
        s.phase = Phase::Start;
        s.draw_pile_top = cards(&[
            CardKind::ExNihilo,
            CardKind::Duel,
            CardKind::Peach,
            CardKind::Snatch,
            CardKind::Crossbow,
            CardKind::Lightning,
        ]);
        Check::new(s)
    }

    fn seen(c: &Check) -> Vec<CardId> {
        match &c.prompt(0).choices {
            Choices::Arrange { cards } => cards.clone(),
            other => panic!("not an arrangement: {other:?}"),
        }
    }

    fn kinds(c: &Check, ids: &[CardId]) -> Vec<CardKind> {
        ids.iter().map(|id| c.game.card(*id).kind).collect()
    }

    #[test]
    fn looks_at_x_cards_and_the_draw_phase_takes_the_new_top() {
        let mut c = start_of_turn(&[Role::Lord, Role::Rebel, Role::Renegade]);
        c.skill(0, SkillId::Guanxing);
        let cards = seen(&c);
        assert_eq!(
            kinds(&c, &cards),
            vec![CardKind::ExNihilo, CardKind::Duel, CardKind::Peach],
            "three living characters: the top three, topmost first"
        );
        let (ex_nihilo, duel, peach) = (cards[0], cards[1], cards[2]);
        c.act(
            0,
            Action::Arrange {
                top: vec![peach, ex_nihilo],
                bottom: vec![duel],
            },
        );
        // The draw phase draws the two he put on top, in his order.
        assert_eq!(c.game.hand(Seat(0)), &[peach, ex_nihilo]);
        assert_eq!(c.game.table().draw_pile.first(), Some(&duel));
        assert_eq!(
            c.game
                .table()
                .draw_pile
                .last()
                .map(|id| c.game.card(*id).kind),
            Some(CardKind::Snatch)
        );
        c.assert_conserved();
    }

    #[test]
    fn bottom_cards_read_from_the_top_down() {
        let mut c = start_of_turn(&[Role::Lord, Role::Rebel, Role::Renegade]);
        c.skill(0, SkillId::Guanxing);
        let cards = seen(&c);
        c.act(
            0,
            Action::Arrange {
                top: Vec::new(),
                bottom: cards.clone(),
            },
        );
        assert_eq!(
            &c.game.table().draw_pile[..3],
            &[cards[2], cards[1], cards[0]]
        );
        assert_eq!(
            kinds(&c, c.game.hand(Seat(0))),
            vec![CardKind::Snatch, CardKind::Crossbow]
        );
    }

    #[test]
    fn x_counts_the_living_and_is_at_most_five() {
        let six = [
            Role::Lord,
            Role::Rebel,
            Role::Rebel,
            Role::Rebel,
            Role::Loyalist,
            Role::Renegade,
        ];
        let mut c = start_of_turn(&six);
        c.skill(0, SkillId::Guanxing);
        assert_eq!(seen(&c).len(), 5);

        let mut s = table(&six);
        seat(&mut s, 0).general = GeneralId::Zhugeliang;
        seat(&mut s, 2).alive = false;
        seat(&mut s, 2).hp = Some(0);
        seat(&mut s, 3).alive = false;
        seat(&mut s, 3).hp = Some(0);
        s.phase = Phase::Start;
        let mut c = Check::new(s);
        c.skill(0, SkillId::Guanxing);
        assert_eq!(seen(&c).len(), 4);
    }

    #[test]
    fn declining_leaves_the_pile_alone() {
        let mut c = start_of_turn(&[Role::Lord, Role::Rebel]);
        c.pass(0);
        assert_eq!(
            kinds(&c, c.game.hand(Seat(0))),
            vec![CardKind::ExNihilo, CardKind::Duel]
        );
    }

    #[test]
    fn only_he_learns_the_cards() {
        let mut c = start_of_turn(&[Role::Lord, Role::Rebel, Role::Renegade]);
        let before = c.events.len();
        c.skill(0, SkillId::Guanxing);
        let cards = seen(&c);
        // What the others see while he decides: the kind of decision, no card.
        let other = c.game.view(Seat(1));
        assert!(other.prompt.is_none());
        assert_eq!(other.waiting.len(), 1);
        assert_eq!(other.waiting[0].kind, PromptKind::Arrange);
        c.act(
            0,
            Action::Arrange {
                top: vec![cards[1]],
                bottom: vec![cards[0], cards[2]],
            },
        );
        let log = crate::game::Events(c.events[before..].to_vec());
        let names = |viewer: Option<Seat>| -> Vec<CardId> {
            log.for_viewer(viewer)
                .into_iter()
                .flat_map(|e| match e {
                    Event::CardsMoved { cards, .. } => cards.into_iter().flatten().collect(),
                    _ => Vec::new(),
                })
                .collect()
        };
        // No one else ever sees them named, not even when 诸葛亮 draws one.
        for viewer in [Some(Seat(1)), Some(Seat(2)), None] {
            let named = names(viewer);
            assert!(
                cards.iter().all(|c| !named.contains(c)),
                "{viewer:?} saw {named:?}"
            );
        }
        assert!(cards.iter().all(|c| names(Some(Seat(0))).contains(c)));
    }

    /// V-EARLY-8: the 2008 诸葛亮 looks at three cards at a five-seat table, at the start of his
    /// draw phase (nothing at his preparation phase), then draws as usual.
    #[test]
    fn v_early_8_the_2008_guanxing_sees_three_before_the_draw() {
        let five = [
            Role::Lord,
            Role::Rebel,
            Role::Rebel,
            Role::Loyalist,
            Role::Renegade,
        ];
        let mut s = table(&five);
        s.ruleset.edition = crate::ruleset::EARLY_EDITION.to_string();
        seat(&mut s, 0).general = GeneralId::ZhugeliangEarly;
        s.phase = Phase::Start;
        s.draw_pile_top = cards(&[
            CardKind::ExNihilo,
            CardKind::Duel,
            CardKind::Peach,
            CardKind::Snatch,
        ]);
        let mut c = Check::new(s);
        assert!(c.is_asked(0, |k| *k
            == PromptKind::Confirm {
                skill: SkillId::GuanxingEarly
            }));
        assert_eq!(c.game.turn().phase, Some(Phase::Draw));
        c.skill(0, SkillId::GuanxingEarly);
        let cards = seen(&c);
        assert_eq!(cards.len(), 3);
        c.act(
            0,
            Action::Arrange {
                top: vec![cards[2]],
                bottom: vec![cards[0], cards[1]],
            },
        );
        assert_eq!(
            kinds(&c, c.game.hand(Seat(0))),
            vec![CardKind::Peach, CardKind::Snatch]
        );
    }
}
