"""What a person does exactly, without the agent: slash commands, the command plugins
(accounts, export and forget-me, time zone, the daily list) and the contract they install
through, button presses, typed yes/no answers, forms and offers."""
