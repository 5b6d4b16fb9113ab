import { z } from 'zod';
import {
  websiteConfigurationResource,
  websiteConfigurationRollbackSchema,
  websiteConfigurationVersionSchema,
} from '../configuration';
import { campusNexaRecommendSchema, companyResource } from '../content';
import { listResultSchema } from '../wire';
import { defineCall, fileOf, recordOf } from './define-call';
import { idParamsSchema } from './roles';

/** Content calls beyond CRUD. */
export const contentCalls = {
  recommendCompany: defineCall({
    method: 'POST',
    path: '/admin/company/campus-nexa/recommend',
    access: { resource: 'company', action: 'update' },
    tags: [companyResource.pluralLabel],
    summary: 'Recommend a company to the Campus Nexa programme, or withdraw the recommendation',
    body: campusNexaRecommendSchema,
    answers: { 200: recordOf(companyResource) },
    errors: [404, 409],
  }),
};

/** Configuration beyond CRUD: a setting's history and its rollback. */
export const configurationCalls = {
  history: defineCall({
    method: 'GET',
    path: '/admin/website-configuration/history/:id',
    access: { resource: 'websiteConfiguration', action: 'read' },
    tags: [websiteConfigurationResource.pluralLabel],
    summary: "A setting's saved values, newest first",
    params: idParamsSchema,
    answers: { 200: listResultSchema(websiteConfigurationVersionSchema) },
  }),
  rollback: defineCall({
    method: 'POST',
    path: '/admin/website-configuration/rollback/:id',
    access: { resource: 'websiteConfiguration', action: 'update' },
    tags: [websiteConfigurationResource.pluralLabel],
    summary: 'Put an earlier value of a setting back (as a new version)',
    params: idParamsSchema,
    body: websiteConfigurationRollbackSchema,
    answers: { 200: recordOf(websiteConfigurationResource) },
    errors: [409],
  }),
};

/** Uploaded files: keys are 128-bit random, so a link is the permission. */
export const fileCalls = {
  get: defineCall({
    method: 'GET',
    path: '/files/:bucket/:key',
    access: 'public',
    tags: ['Files'],
    summary: 'An uploaded file',
    params: z.object({
      bucket: z.string().regex(/^[a-z0-9-]{1,64}$/),
      key: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,8}$/),
    }),
    headers: z.object({ 'if-none-match': z.string().max(200).optional() }),
    answers: {
      200: fileOf(['image/*'], 'The file, with the type sniffed at upload; ETag is its key'),
      304: z.null().describe('Not modified: the copy the browser holds (If-None-Match) is this file'),
    },
  }),
  uploadImage: defineCall({
    method: 'POST',
    path: '/admin/upload/image',
    access: { resource: 'upload', action: 'create' },
    multipart: ['image'],
    tags: ['Files'],
    summary: 'Upload an image (multipart field "image"); answers its URL',
    answers: { 201: z.object({ url: z.string() }) },
  }),
};
