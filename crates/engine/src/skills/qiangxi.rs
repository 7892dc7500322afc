//! 强袭 Qiangxi — 典韦 [阶段技].
//!
//! 出牌阶段限一次，你可以失去1点体力或弃置一张武器牌，并选择你攻击范围内的一名角色，对其造成1点伤害。
//! Once per play phase, you may lose 1 HP or discard a weapon card, and choose a character within
//! your attack range: you deal 1 damage to it.
//!
//! W-QIANGXI-1: the weapon may be in hand or equipped; normal damage, not 杀 damage.
//! W-QIANGXI-2: discarding his equipped weapon, the range is counted without it (1).
//! W-QIANGXI-3: the cost comes first; if it kills him the damage is still dealt.

use crate::action::Action;
use crate::card::{CardId, Category, Slot};
use crate::def::skill::{Active, Limit, SkillDef, SkillFrame};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Damage, DamageFrame, Frame, LoseHpFrame, Step};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    active: Some(Active { can_use }),
    limit: Some(Limit::ONCE_PER_PHASE),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Qiangxi,
        "强袭",
        "Qiangxi",
        "出牌阶段限一次，你可以失去1点体力或弃置一张武器牌，并选择你攻击范围内的一名角色，对其造成1点伤害。",
        "Once per play phase, you may lose 1 HP or discard a weapon card, and choose a character within your attack range: you deal 1 damage to it.",
    )
};

fn can_use(game: &Game, owner: Seat) -> bool {
    game.order_from(owner)
        .into_iter()
        .any(|t| t != owner && game.in_attack_range(owner, t))
}

/// His weapon cards: in hand, or the equipped one.
fn weapons(game: &Game, owner: Seat) -> Vec<CardId> {
    let is_weapon =
        |c: &CardId| game.card_def(game.card(*c).kind).category == Category::Equip(Slot::Weapon);
    let cards = &game.table.seats[owner.index()];
    cards.held().filter(is_weapon).collect()
}

/// Is `to` in range once `paid` (if any) is gone?
fn in_range(game: &Game, owner: Seat, to: Seat, paid: Option<CardId>) -> bool {
    let range = match paid {
        Some(card) if game.equipped(owner, Slot::Weapon) == Some(card) => 1,
        _ => game.attack_range(owner),
    };
    to != owner && game.distance_without(owner, to, paid) <= range
}

fn choices(game: &Game, owner: Seat) -> Vec<Action> {
    let mut actions = Vec::new();
    let costs = std::iter::once(None).chain(weapons(game, owner).into_iter().map(Some));
    for paid in costs {
        for to in game.order_from(owner) {
            if in_range(game, owner, to, paid) {
                actions.push(Action::Skill {
                    skill: SkillId::Qiangxi,
                    cards: paid.into_iter().collect(),
                    targets: vec![to],
                });
            }
        }
    }
    actions
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        // Choose the cost and the target.
        0 => {
            frame.step = 1;
            let mut actions = choices(game, owner);
            actions.push(Action::Pass);
            Step::ask(Prompt::new(
                owner,
                PromptKind::Choose {
                    cause: Cause::Skill(SkillId::Qiangxi),
                },
                Choices::actions(actions),
            ))
        }
        // Pay it.
        1 => {
            let Some((_, Action::Skill { cards, targets, .. })) = game.take_answer() else {
                return Step::Done;
            };
            game.invoke(owner, SkillId::Qiangxi, targets.clone());
            frame.seats = targets;
            frame.step = 2;
            if cards.is_empty() {
                return Step::Push(Frame::LoseHp(LoseHpFrame::new(owner, 1)));
            }
            game.discard(&cards);
            Step::Again
        }
        // Then the damage, even from a dead 典韦.
        2 => {
            game.take_reply();
            frame.step = 3;
            match frame.seats.first() {
                Some(&to) if game.is_alive(to) => {
                    Step::Push(Frame::Damage(DamageFrame::new(Damage {
                        skill: Some(SkillId::Qiangxi),
                        ..Damage::new(Some(owner), to, 1)
                    })))
                }
                _ => Step::Done,
            }
        }
        _ => {
            game.take_reply();
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::{self, *};
    use crate::ids::{GeneralId, SkillId};
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// 典韦 (seat 0) with `hand` and `equip`; four seats, seat 2 at distance 2.
    fn dianwei(hand: &[CardKind], equip: &[CardKind]) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel, Loyalist, Renegade]), "fire");
        seat(&mut s, 0).general = GeneralId::Dianwei;
        seat(&mut s, 0).hand = cards(hand);
        seat(&mut s, 0).equip = cards(equip);
        let mut c = Check::new(s);
        c.skill(0, SkillId::Qiangxi);
        c
    }

    fn targets_for(c: &Check, paid: &[crate::card::CardId]) -> Vec<u8> {
        c.prompt(0)
            .legal_actions(100)
            .into_iter()
            .filter_map(|a| match a {
                Action::Skill { cards, targets, .. } if cards == paid => Some(targets[0].0),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn w_qiangxi_1_3_loses_hp_to_deal_one_damage_once_a_phase() {
        let mut c = dianwei(&[], &[]);
        assert_eq!(targets_for(&c, &[]), vec![1, 3]);
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Qiangxi,
                cards: vec![],
                targets: vec![Seat(1)],
            },
        );
        assert_eq!((c.hp(0), c.hp(1)), (3, 3));
        assert!(!c.allows(
            0,
            &Action::Skill {
                skill: SkillId::Qiangxi,
                cards: vec![],
                targets: vec![]
            }
        ));
    }

    #[test]
    fn w_qiangxi_2_his_own_weapon_lends_no_range_when_discarded() {
        // A 方天画戟 (range 4) in hand reaches seat 2 when he loses HP; discarding the equipped
        // 贯石斧 (range 3) leaves range 1.
        let c = dianwei(&[Halberd], &[Axe]);
        let axe = c.game.table().seats[0].equipment().next().unwrap();
        let halberd = c.hand_card(0, Halberd);
        assert_eq!(targets_for(&c, &[]), vec![1, 2, 3]);
        assert_eq!(targets_for(&c, &[halberd]), vec![1, 2, 3]);
        assert_eq!(targets_for(&c, &[axe]), vec![1, 3]);
    }

    /// Open question O-5: the original "once per turn" wordings of 攻心, 天义, 黄天, 强袭 and 驱虎
    /// are read as once per play phase (the 2013 texts say so; W-TIANYI-OLD: equal in effect); a turn has one play phase in
    /// every pack here, so the readings differ in no game. The five count their uses per phase.
    #[test]
    fn o_5_once_per_turn_wordings_count_per_play_phase() {
        use crate::def::skill::{Limit, Period};
        for (skill, def) in [
            ("攻心", &crate::skills::gongxin::DEF),
            ("天义", &crate::skills::tianyi::DEF),
            ("黄天", &crate::skills::huangtian::DEF),
            ("强袭", &super::DEF),
            ("驱虎", &crate::skills::quhu::DEF),
        ] {
            let once_a_phase = Limit {
                times: 1,
                per: Period::Phase,
            };
            assert_eq!(def.limit, Some(once_a_phase), "{skill}");
        }
    }
}
