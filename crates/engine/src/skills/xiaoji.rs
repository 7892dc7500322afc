//! 枭姬 Xiaoji — 孙尚香.
//!
//! 当你失去装备区里的一张牌后，你可以摸两张牌。
//! After you lose a card from your equipment area, you may draw two cards.
//!
//! Once per card lost: when one move takes several (贯石斧's cost, 制衡), she is asked again
//! for each further card; declining stops the asking for that move, as FreeKill does. Replacing
//! an equipment card loses the old one.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Choices, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::CardsMoved,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Xiaoji,
        "枭姬",
        "Xiaoji",
        "当你失去装备区里的一张牌后，你可以摸两张牌。",
        "After you lose a card from your equipment area, you may draw two cards.",
    )
};

fn can_trigger(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Lost { seat, equips, .. } if *seat == owner && *equips > 0)
}

fn on_trigger(game: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Lost { equips, .. } = data else {
        return None;
    };
    game.draw(owner, 2);
    let mut frame = SkillFrame::new(SkillId::Xiaoji, owner);
    frame.n = equips.saturating_sub(1);
    (frame.n > 0).then_some(Frame::Skill(frame))
}

/// Asks again for each further card lost in the same move (`frame.n` left).
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    if frame.step == 1 {
        frame.step = 0;
        let Some((_, Action::Skill { .. })) = game.take_answer() else {
            return Step::Done;
        };
        frame.n -= 1;
        game.invoke(frame.owner, SkillId::Xiaoji, Vec::new());
        game.draw(frame.owner, 2);
        return Step::Again;
    }
    if frame.n == 0 || !game.is_alive(frame.owner) {
        return Step::Done;
    }
    frame.step = 1;
    let yes = Action::Skill {
        skill: SkillId::Xiaoji,
        cards: Vec::new(),
        targets: Vec::new(),
    };
    Step::ask(Prompt::new(
        frame.owner,
        PromptKind::Confirm {
            skill: SkillId::Xiaoji,
        },
        Choices::actions(vec![yes, Action::Pass]),
    ))
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::{self, *};
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    fn asked_xiaoji(c: &Check, seat: u8) -> bool {
        c.is_asked(seat, |k| {
            *k == PromptKind::Confirm {
                skill: SkillId::Xiaoji,
            }
        })
    }

    fn sunshangxiang(
        seat_no: u8,
        equip: &[CardKind],
        hand: &[CardKind],
    ) -> crate::scenario::Scenario {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, seat_no).general = GeneralId::Sunshangxiang;
        seat(&mut s, seat_no).equip = cards(equip);
        seat(&mut s, seat_no).hand = cards(hand);
        s.draw_pile_top = cards(&[Peach, Jink, Duel, ExNihilo, Slash, Slash]);
        s
    }

    #[test]
    fn draws_two_when_dismantlement_removes_her_armor() {
        let mut s = sunshangxiang(1, &[EightDiagram], &[]);
        seat(&mut s, 0).hand = cards(&[Dismantlement]);
        let mut c = Check::new(s);
        c.card(0, Dismantlement, &[1]).pass_windows();
        let armor = c.game.table().seats[1].equipment().next().unwrap();
        c.act(
            0,
            Action::Pick {
                pick: Pick::Card { card: armor },
            },
        );
        assert!(asked_xiaoji(&c, 1));
        c.skill(1, SkillId::Xiaoji);
        assert_eq!(c.hand(1), vec![Peach, Jink]);
        assert!(c.equipment(1).is_empty());
        c.assert_conserved();
    }

    #[test]
    fn replacing_equipment_loses_the_old_card() {
        let mut c = Check::new(sunshangxiang(0, &[Crossbow], &[QinggangSword]));
        c.card(0, QinggangSword, &[]);
        assert!(asked_xiaoji(&c, 0));
        c.skill(0, SkillId::Xiaoji);
        assert_eq!(c.equipment(0), vec![QinggangSword]);
        assert_eq!(c.hand(0), vec![Peach, Jink]);
    }

    #[test]
    fn equipping_into_an_empty_slot_is_no_loss() {
        let mut c = Check::new(sunshangxiang(0, &[], &[QinggangSword]));
        c.card(0, QinggangSword, &[]);
        assert!(!asked_xiaoji(&c, 0));
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }

    #[test]
    fn asked_once_per_card_when_the_axe_discards_two() {
        let mut s = sunshangxiang(0, &[Axe, Dilu, Chitu], &[Slash]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        // 贯石斧: pay with both horses.
        let horses: Vec<_> = c.game.table().seats[0].equipment().skip(1).collect();
        assert_eq!(horses.len(), 2);
        c.act(0, Action::Cards { cards: horses });
        assert!(asked_xiaoji(&c, 0));
        c.skill(0, SkillId::Xiaoji);
        assert!(asked_xiaoji(&c, 0), "again for the second horse");
        c.skill(0, SkillId::Xiaoji);
        assert_eq!(c.hand(0), vec![Peach, Jink, Duel, ExNihilo]);
        // The 杀 then hits.
        assert_eq!(c.hp(1), 3);
        assert_eq!(c.equipment(0), vec![Axe]);
    }

    #[test]
    fn declining_stops_the_asking_for_that_move() {
        let mut s = sunshangxiang(0, &[Axe, Dilu, Chitu], &[Slash]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        let horses: Vec<_> = c.game.table().seats[0].equipment().skip(1).collect();
        c.act(0, Action::Cards { cards: horses });
        c.skill(0, SkillId::Xiaoji).pass(0);
        assert_eq!(c.hand(0), vec![Peach, Jink]);
        assert_eq!(c.hp(1), 3);
    }
}
