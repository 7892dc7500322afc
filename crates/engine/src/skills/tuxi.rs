//! 突袭 Tuxi — 张辽.
//!
//! 摸牌阶段，你可以放弃摸牌，改为获得至多两名其他角色的各一张手牌。
//! In your draw phase, instead of drawing, you may take one hand card each from up to two (at
//! least one) other characters who have hand cards.
//!
//! The answer names the characters (`Action::Skill` with one or two targets). Hand cards are
//! face down, so which one is taken is decided by the seeded RNG, exactly as a blind pick.

use crate::action::{Action, Pick};
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DrawCount,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Tuxi,
        "突袭",
        "Tuxi",
        "摸牌阶段，你可以放弃摸牌，改为获得至多两名其他角色的各一张手牌。",
        "In your draw phase, instead of drawing, you may take one hand card each from up to two other characters.",
    )
};

/// Other living characters with hand cards, in seat order from the owner.
fn victims(game: &Game, owner: Seat) -> Vec<Seat> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && !game.hand(*s).is_empty())
        .collect()
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Draw { seat, .. } if *seat == owner)
        && !victims(game, owner).is_empty()
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let victims = victims(game, owner);
    let take = |targets: Vec<Seat>| Action::Skill {
        skill: SkillId::Tuxi,
        cards: Vec::new(),
        targets,
    };
    let mut actions = Vec::new();
    for (i, first) in victims.iter().enumerate() {
        actions.push(take(vec![*first]));
        for second in &victims[i + 1..] {
            actions.push(take(vec![*first, *second]));
        }
    }
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Tuxi),
    };
    Some((kind, Choices::actions(actions)))
}

fn on_trigger(
    game: &mut Game,
    owner: Seat,
    data: &mut TimingData,
    action: &Action,
) -> Option<Frame> {
    let (TimingData::Draw { count, .. }, Action::Skill { targets, .. }) = (data, action) else {
        return None;
    };
    *count = 0;
    for target in targets {
        let blind = Action::Pick {
            pick: Pick::Hand { index: 0 },
        };
        if let Some(card) = game.take_pick(*target, &blind) {
            game.move_cards(&[card], Zone::Hand(owner));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::event::{Event, Known};
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Phase, PromptKind};
    use crate::seat::{Role::*, Seat};
    use crate::testing::{cards, seat, table, Check};

    fn draw_phase() -> Check {
        let mut s = table(&[Lord, Rebel, Loyalist, Renegade]);
        s.phase = Phase::Draw;
        seat(&mut s, 0).general = GeneralId::Zhangliao;
        seat(&mut s, 1).hand = cards(&[Peach]);
        seat(&mut s, 2).hand = cards(&[Jink]);
        Check::new(s)
    }

    fn tuxi(targets: &[u8]) -> Action {
        Action::Skill {
            skill: SkillId::Tuxi,
            cards: vec![],
            targets: targets.iter().map(|t| Seat(*t)).collect(),
        }
    }

    #[test]
    fn takes_one_hand_card_from_each_of_two_instead_of_drawing() {
        let mut c = draw_phase();
        // Seat 3 has no hand card and cannot be chosen.
        assert!(!c.allows(0, &tuxi(&[3])));
        assert!(!c.allows(0, &tuxi(&[1, 3])));
        c.act(0, tuxi(&[1, 2]));
        let mut hand = c.hand(0);
        hand.sort();
        assert_eq!(hand, vec![Jink, Peach]);
        assert!(c.hand(1).is_empty() && c.hand(2).is_empty());
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        // Each card is seen by the two hands involved only.
        let known: Vec<&Known> = c
            .events
            .iter()
            .filter_map(|e| match e {
                Event::CardsMoved {
                    to: crate::zone::Zone::Hand(Seat(0)),
                    known,
                    ..
                } => Some(known),
                _ => None,
            })
            .collect();
        assert_eq!(
            known,
            vec![
                &Known::Seats(vec![Seat(0), Seat(1)]),
                &Known::Seats(vec![Seat(0), Seat(2)])
            ]
        );
        c.assert_conserved();
    }

    #[test]
    fn one_target_is_enough() {
        let mut c = draw_phase();
        c.act(0, tuxi(&[2]));
        assert_eq!(c.hand(0), vec![Jink]);
        assert_eq!(c.hand(1), vec![Peach]);
    }

    #[test]
    fn declining_draws_two() {
        let mut c = draw_phase();
        c.pass(0);
        assert_eq!(c.hand(0).len(), 2);
        assert_eq!(c.hand(1), vec![Peach]);
    }

    #[test]
    fn not_offered_when_nobody_has_hand_cards() {
        let mut s = table(&[Lord, Rebel]);
        s.phase = Phase::Draw;
        seat(&mut s, 0).general = GeneralId::Zhangliao;
        let c = Check::new(s);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        assert_eq!(c.hand(0).len(), 2);
    }
}
