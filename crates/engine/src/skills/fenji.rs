//! 奋激 Fenji — 周泰 (2013).
//!
//! 每当一名角色的手牌因另一名角色的弃置或获得而失去后，若你的体力值大于0，你可以失去1点体力，然后该角色摸两张牌。
//! After a character's hand cards are lost because another character discarded or obtained them,
//! if your HP is above 0, you may lose 1 HP; then that character draws two cards.
//!
//! W-FENJI-1: any character, 周泰 included; the other character is the one who discards or
//! obtains (过河拆桥, 顺手牵羊, 反馈, 突袭, 寒冰剑 …: a pick, `TimingData::HandTaken`); giving and
//! exchanging are not. The HP loss may put 周泰 into dying; the draw comes after (if the
//! character is still alive). One trigger per move.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, LoseHpFrame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::HandCardTaken,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Fenji,
        "奋激",
        "Fenji",
        "每当一名角色的手牌因另一名角色的弃置或获得而失去后，若你的体力值大于0，你可以失去1点体力，然后该角色摸两张牌。",
        "After a character's hand cards are lost because another character discarded or obtained them, if your HP is above 0, you may lose 1 HP; then that character draws two cards.",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::HandTaken { seat, .. } if game.is_alive(*seat)) && game.hp(owner) > 0
}

fn on_trigger(_: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::HandTaken { seat, .. } = data else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::Fenji, owner);
    frame.seats = vec![*seat];
    Some(Frame::Skill(frame))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    if frame.step == 0 {
        frame.step = 1;
        return Step::Push(Frame::LoseHp(LoseHpFrame::new(frame.owner, 1)));
    }
    game.take_reply();
    if let Some(&seat) = frame.seats.first() {
        if game.is_alive(seat) {
            game.draw(seat, 2);
        }
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// Seat 0 uses `trick` on seat 1 (a 闪 in hand); 周泰 sits at seat 2.
    fn taken(trick: crate::card::CardKind) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel, Loyalist]), "wind");
        seat(&mut s, 0).hand = cards(&[trick]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        seat(&mut s, 2).general = GeneralId::Zhoutai;
        s.draw_pile_top = cards(&[Peach, Peach]);
        let mut c = Check::new(s);
        c.card(0, trick, &[1]).pass_windows();
        c.act(
            0,
            Action::Pick {
                pick: Pick::Hand { index: 0 },
            },
        );
        c
    }

    #[test]
    fn w_fenji_1_after_a_dismantlement_he_may_lose_hp_for_two_cards() {
        let mut c = taken(Dismantlement);
        assert!(c.is_asked(2, |k| *k
            == PromptKind::Confirm {
                skill: SkillId::Fenji
            }));
        c.skill(2, SkillId::Fenji);
        assert_eq!(c.hp(2), 3);
        assert_eq!(c.hand(1), vec![Peach, Peach]);
    }

    #[test]
    fn w_fenji_1_after_a_snatch_too_and_passing_declines() {
        let mut c = taken(Snatch);
        c.pass(2);
        assert_eq!(c.hp(2), 4);
        assert!(c.hand(1).is_empty());
        assert_eq!(c.hand(0), vec![Jink]);
    }
}
