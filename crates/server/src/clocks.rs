//! A room's clocks: every pending prompt's deadline, the automatic answers (bots, trusteeship,
//! prompts that can only be passed, held to the drawn time of `pacing`), a disconnected
//! player's grace period, and what happens when one of them runs out. Starting games, applying
//! answers (durably, before anyone is told) and telling members are in `play.rs`.

use std::time::Duration;

use sgs_engine::{Prompt, Seat};
use sgs_protocol::{CommandId, ErrorCode, ServerMsg, TrusteeshipReason};
use tokio::time::Instant;

use crate::outbound::ConnHandle;
use crate::pacing::{is_window, Wait};
use crate::room::{Holder, Room};
use crate::thinking::{Outcome, Thought};

/// The clock of one seat's pending prompt.
#[derive(Debug)]
pub(crate) struct SeatClock {
    pub prompt_id: u64,
    pub prompt: Prompt,
    /// When it was asked (a person's think time counts from here).
    pub created: Instant,
    pub deadline: Instant,
    /// When an automatic answer is given (bot, trusteeship, a prompt that can only be passed).
    pub auto: Option<Instant>,
    /// Neither the trustee's answer nor the default answer was accepted (an engine bug); the
    /// clock no longer fires.
    pub stuck: bool,
    /// A person's own pass to a prompt it could only pass, held until the drawn time: the
    /// connection and command id to acknowledge once the pass is durable.
    pub held: Option<(ConnHandle, CommandId)>,
}

/// Why a clock fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Due {
    Auto,
    Deadline,
    /// A disconnected player's grace period ended.
    Absent,
}

pub(crate) fn remaining_ms(deadline: Instant, now: Instant) -> u64 {
    deadline.saturating_duration_since(now).as_millis() as u64
}

impl Room {
    /// When `seat`'s prompt is answered without its player, if it is (`None`: by its player,
    /// or at the deadline).
    pub(crate) fn auto_at(&mut self, seat: Seat, prompt: &Prompt, now: Instant) -> Option<Instant> {
        let slot = &self.seats[seat.index()];
        let machine = slot.holder == Holder::Bot || slot.trusteeship.is_some();
        if !machine && prompt.choices.has_option_besides_pass() {
            return None;
        }
        // No people, or the delay turned off (`--pass-delay-max-ms 0`): at once.
        if !self.has_people() || self.shared.config.pass_delay_max_ms == 0 {
            return Some(now);
        }
        let person = match slot.holder {
            Holder::Player(player) if !machine => Some(player),
            _ => None,
        };
        let config = &self.shared.config;
        let prior = (config.pass_delay_min_ms, config.pass_delay_max_ms);
        let timeout = Duration::from_millis(self.timeout_ms(prompt));
        let cap = timeout.saturating_sub((timeout / 10).min(Duration::from_millis(500)));
        match self.pacing.wait(person, &mut self.rng, prior, cap) {
            Wait::For(delay) => Some(now + delay),
            Wait::Deadline => None,
        }
    }

    pub(crate) fn timeout_ms(&self, prompt: &Prompt) -> u64 {
        if prompt.is_play() {
            self.settings.play_timeout_ms
        } else {
            self.settings.decision_timeout_ms
        }
    }

    pub(crate) fn new_clock(&mut self, prompt: Prompt, now: Instant) -> SeatClock {
        self.next_prompt_id += 1;
        let timeout = self.timeout_ms(&prompt);
        SeatClock {
            prompt_id: self.next_prompt_id,
            auto: self.auto_at(prompt.seat, &prompt, now),
            created: now,
            deadline: now + Duration::from_millis(timeout),
            prompt,
            stuck: false,
            held: None,
        }
    }

    /// Matches the clocks to the game's pending prompts: a seat that just acted, or whose prompt
    /// changed, gets a new clock; an unchanged prompt keeps its clock.
    pub(crate) fn refresh_clocks(&mut self, acted: Option<Seat>) {
        let Some(game) = &self.game else { return };
        let prompts = game.prompts().to_vec();
        let now = Instant::now();
        let mut old = std::mem::take(&mut self.clocks);
        self.clocks = self.seats.iter().map(|_| None).collect();
        for prompt in prompts {
            let index = prompt.seat.index();
            if index >= self.clocks.len() {
                continue;
            }
            let kept =
                old[index].take_if(|clock| acted != Some(prompt.seat) && clock.prompt == prompt);
            self.clocks[index] = Some(match kept {
                Some(clock) => clock,
                None => self.new_clock(prompt, now),
            });
        }
        // A held pass whose prompt went away unanswered (another seat closed the window).
        for (conn, id) in old.into_iter().flatten().filter_map(|clock| clock.held) {
            conn.send(ServerMsg::error(
                Some(id),
                ErrorCode::StalePrompt,
                "the prompt was closed before the pass was due",
            ));
        }
    }

    /// `seat`'s holder or trusteeship changed: recompute when its prompt is answered.
    pub(crate) fn reschedule(&mut self, seat: Seat) {
        let Some(Some(clock)) = self.clocks.get(seat.index()) else {
            return;
        };
        let prompt = clock.prompt.clone();
        let auto = self.auto_at(seat, &prompt, Instant::now());
        if let Some(Some(clock)) = self.clocks.get_mut(seat.index()) {
            clock.auto = auto;
        }
    }

    /// The grace deadline of a disconnected player not yet in trusteeship.
    pub(crate) fn absent_at(&self, seat: usize) -> Option<Instant> {
        let slot = &self.seats[seat];
        let grace = self.shared.config.disconnect_grace();
        match (slot.holder, slot.trusteeship, slot.disconnected_at) {
            (Holder::Player(_), None, Some(since)) => Some(since + grace),
            _ => None,
        }
    }

    /// The earliest due clock: (time, seat, why).
    pub(crate) fn next_due(&self) -> Option<(Instant, Seat, Due)> {
        if self.writes.stalled.is_some() {
            return None; // paused: the clocks restart when the store works again
        }
        let mut best: Option<(Instant, Seat, Due)> = None;
        for (i, clock) in self.clocks.iter().enumerate() {
            let Some(clock) = clock.as_ref().filter(|c| !c.stuck) else {
                continue;
            };
            // A search bot thinking about this prompt answers when its thought ends (within
            // the search budget).
            if self
                .thinking
                .as_ref()
                .is_some_and(|t| t.seat.index() == i && t.prompt_id == clock.prompt_id)
            {
                continue;
            }
            let candidates = [
                clock.auto.map(|t| (t, Due::Auto)),
                Some((clock.deadline, Due::Deadline)),
                self.absent_at(i).map(|t| (t, Due::Absent)),
            ];
            for (at, due) in candidates.into_iter().flatten() {
                if best.is_none_or(|(b, _, _)| at < b) {
                    best = Some((at, Seat(i as u8), due));
                }
            }
        }
        best
    }

    /// When the room's task must wake up next (a clock, or closing an idle room).
    pub(crate) fn next_wake(&self) -> Option<Instant> {
        let idle = self.idle_since.map(|since| since + self.idle_limit());
        let due = self.next_due().map(|(at, _, _)| at);
        [idle, due, self.writes.stalled].into_iter().flatten().min()
    }

    pub(crate) async fn on_timer(&mut self, now: Instant) {
        if self.is_idle_expired(now) {
            tracing::info!(room = %self.id, "closing an idle room");
            self.close();
            return;
        }
        if self.is_retry_due(now) {
            self.retry_store().await;
            return;
        }
        let Some((at, seat, due)) = self.next_due() else {
            return;
        };
        if at > now {
            return;
        }
        if due == Due::Deadline {
            self.record_timeout(seat);
        }
        let reason = match due {
            Due::Deadline => Some(TrusteeshipReason::Timeout),
            Due::Absent => Some(TrusteeshipReason::Absent),
            _ => None,
        };
        if let (Some(reason), None) = (reason, self.seats[seat.index()].trusteeship) {
            self.seats[seat.index()].trusteeship = Some(reason);
            self.broadcast_room_state(None);
        }
        self.answer_automatically(seat).await;
    }

    /// A person let a window where it had a choice run out: that counts as a think time.
    pub(crate) fn record_timeout(&mut self, seat: Seat) {
        let (Some(Some(clock)), Holder::Player(player)) = (
            self.clocks.get(seat.index()),
            self.seats[seat.index()].holder,
        ) else {
            return;
        };
        let slot = &self.seats[seat.index()];
        if slot.trusteeship.is_some() || slot.disconnected_at.is_some() {
            return;
        }
        if is_window(&clock.prompt) && clock.prompt.choices.has_option_besides_pass() {
            let think = clock.deadline.saturating_duration_since(clock.created);
            self.pacing.record(player, think, true);
        }
    }

    /// The trustee (or bot) answers `seat`'s prompt; a refused answer falls back to the
    /// prompt's default answer.
    pub(crate) async fn answer_automatically(&mut self, seat: Seat) {
        let held = self
            .clocks
            .get_mut(seat.index())
            .and_then(|c| c.as_mut())
            .and_then(|c| c.held.take());
        let (Some(game), Some(Some(clock))) = (&self.game, self.clocks.get(seat.index())) else {
            return;
        };
        let slot = &self.seats[seat.index()];
        let fallback = clock.prompt.default_action();
        let agent = self.agents.get_mut(seat.index());
        let action = match agent {
            Some(agent) if slot.holder == Holder::Bot || slot.trusteeship.is_some() => {
                let view = game.view(seat);
                // A search bot thinks off the room's task (one thought per room at a time);
                // with every search permit taken it answers with its heuristic at once.
                let bot = slot.holder == Holder::Bot;
                let job = if bot && held.is_none() {
                    agent.think(&view, &clock.prompt)
                } else {
                    None
                };
                let busy = self.thinking.is_some();
                match job.map(|job| {
                    if busy {
                        Err(Box::new(job))
                    } else {
                        self.shared.search.start(job)
                    }
                }) {
                    Some(Ok(task)) => {
                        self.thinking = Some(Thought {
                            seat,
                            prompt_id: clock.prompt_id,
                            task,
                        });
                        return;
                    }
                    Some(Err(_busy)) => agent.quick(&view, &clock.prompt),
                    None => {
                        let started = std::time::Instant::now();
                        // `quick` never searches (a bot's answer that needs no thought).
                        let action = if bot {
                            agent.quick(&view, &clock.prompt)
                        } else {
                            agent.decide(&view, &clock.prompt)
                        };
                        let took = started.elapsed();
                        if took > Duration::from_millis(5) {
                            tracing::warn!(room = %self.id, ?took, "slow agent decision");
                        }
                        action
                    }
                }
            }
            _ => fallback.clone(),
        };
        self.give(seat, action, fallback, held).await;
    }

    /// A search bot's thought ended: its answer (or, past the budget, its heuristic's) is given
    /// if the prompt it was about is still pending.
    pub(crate) async fn on_thought(&mut self, seat: Seat, prompt_id: u64, outcome: Outcome) {
        let (Some(game), Some(Some(clock))) = (&self.game, self.clocks.get(seat.index())) else {
            return;
        };
        if clock.prompt_id != prompt_id {
            return; // the prompt went away meanwhile
        }
        let Some(agent) = self.agents.get_mut(seat.index()) else {
            return;
        };
        let fallback = clock.prompt.default_action();
        let action = match outcome {
            Some((action, _)) if clock.prompt.choices.allows(&action) => {
                agent.answered(&clock.prompt, &action);
                action
            }
            _ => agent.quick(&game.view(seat), &clock.prompt),
        };
        self.give(seat, action, fallback, None).await;
    }

    /// Applies an automatic answer; a refused one falls back to the prompt's default answer.
    /// `held`: a person's pass held until now, acknowledged with the outcome.
    async fn give(
        &mut self,
        seat: Seat,
        action: sgs_engine::Action,
        fallback: sgs_engine::Action,
        held: Option<(ConnHandle, CommandId)>,
    ) {
        let applied = self.apply(seat, action.clone(), false).await;
        if let Some((conn, id)) = held {
            conn.send(match &applied {
                Ok(()) => ServerMsg::Ack { id },
                Err(error) => error.to_msg(Some(id)),
            });
        }
        if let Err(error) = applied {
            if error.code == ErrorCode::StorageUnavailable {
                return; // paused; asked again when the store works
            }
            tracing::warn!(room = %self.id, %error, ?action, "automatic answer refused");
            if let Err(error) = self.apply(seat, fallback, false).await {
                tracing::error!(room = %self.id, %error, "default answer refused; seat stuck");
                if let Some(Some(clock)) = self.clocks.get_mut(seat.index()) {
                    clock.stuck = true;
                }
            }
        }
    }
}
