//! 烈弓 Liegong — 黄忠.
//!
//! 每当你于出牌阶段内使用【杀】指定一名角色为目标后，若该角色的手牌数不小于你的体力值或不大于你的攻击范围，你可以令其不能使用【闪】响应此【杀】。
//! After you target a character with a Slash during your play phase, if its hand count is at
//! least your HP or at most your attack range, you may make it unable to use a Jink against it.
//!
//! W-LIEGONG-1: checked for each target at the "after targeting" moment, with the counts of that
//! moment. W-LIEGONG-2: nothing stands in for the 闪 either (八卦阵 is not asked). W-LIEGONG-3:
//! only in his own play phase (not a 杀 借刀杀人 makes him use in another's turn).

use crate::action::Action;
use crate::card::CardKind;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::Phase;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::TargetConfirmed,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Liegong,
        "烈弓",
        "Liegong",
        "每当你于出牌阶段内使用【杀】指定一名角色为目标后，若该角色的手牌数不小于你的体力值或不大于你的攻击范围，你可以令其不能使用【闪】响应此【杀】。",
        "After you target a character with a Slash during your play phase, if its hand count is at least your HP or at most your attack range, you may make it unable to use a Jink against it.",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Target { use_id, target } = data else {
        return false;
    };
    let card_use = game.card_use(*use_id);
    let hand = game.hand(*target).len() as i32;
    card_use.user == owner
        && card_use.card.kind == CardKind::Slash
        && game.turn.seat == owner
        && game.turn.phase == Some(Phase::Play)
        && game.is_alive(*target)
        && (hand >= i32::from(game.hp(owner)) || hand <= game.attack_range(owner))
}

fn on_trigger(game: &mut Game, _: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Target { use_id, target } = data {
        game.card_use_mut(*use_id).no_jink.push(*target);
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::{self, *};
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// 黄忠 (seat 0, `hp`) slashes seat 1, who holds `hand` and `armor`.
    fn huangzhong(hp: i8, hand: &[CardKind], armor: &[CardKind]) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        seat(&mut s, 0).general = GeneralId::Huangzhong;
        seat(&mut s, 0).hp = Some(hp);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hand = cards(hand);
        seat(&mut s, 1).equip = cards(armor);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        c
    }

    fn offered(c: &Check) -> bool {
        c.is_asked(0, |k| {
            *k == PromptKind::Confirm {
                skill: SkillId::Liegong,
            }
        })
    }

    #[test]
    fn w_liegong_1_hand_at_least_his_hp() {
        // 3 cards ≥ HP 3 (and > range 1): the 闪 cannot be used.
        let mut c = huangzhong(3, &[Jink, Jink, Peach], &[]);
        assert!(offered(&c));
        c.skill(0, SkillId::Liegong);
        assert_eq!(c.hp(1), 3);
        assert_eq!(c.hand(1).len(), 3);
    }

    #[test]
    fn w_liegong_1_hand_at_most_his_range() {
        let mut c = huangzhong(4, &[Jink], &[]);
        assert!(offered(&c));
        c.skill(0, SkillId::Liegong);
        assert_eq!(c.hp(1), 3);
    }

    #[test]
    fn w_liegong_1_not_between_range_and_hp() {
        // 2 cards: more than range 1, fewer than HP 4.
        let c = huangzhong(4, &[Jink, Jink], &[]);
        assert!(!offered(&c));
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
    }

    #[test]
    fn w_liegong_2_no_eight_diagram_either() {
        let mut c = huangzhong(4, &[Jink], &[EightDiagram]);
        c.skill(0, SkillId::Liegong);
        assert!(!c.has_prompt(1));
        assert_eq!(c.hp(1), 3);
    }

    #[test]
    fn w_liegong_3_only_in_his_play_phase() {
        // Seat 1 makes 黄忠 slash seat 1 itself with 借刀杀人 in seat 1's turn: no 烈弓.
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        s.current = Some(crate::seat::Seat(1));
        seat(&mut s, 1).hand = cards(&[Collateral, Jink]);
        seat(&mut s, 0).general = GeneralId::Huangzhong;
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[Crossbow]);
        let mut c = Check::new(s);
        c.card(1, Collateral, &[0, 1]).pass_windows();
        c.card(0, Slash, &[1]);
        assert!(!offered(&c));
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
    }
}
