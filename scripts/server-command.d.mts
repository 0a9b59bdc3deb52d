/** Node's arguments for the server process (see server-command.mjs). */
export declare const SERVER_ARGS: string[]
