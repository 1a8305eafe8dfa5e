import { type GraphQLScalarType, buildSchema } from 'graphql';
import { orderSchemaSdl } from './shopify-sandbox-orders.ts';

/**
 * The part of Shopify's Admin GraphQL schema the sandbox serves (docs: providers/shopify.md), with
 * Shopify's type, field, argument and enum names, so a document that works here works there.
 */
export const shopifySchema = buildSchema(`
  scalar DateTime
  scalar HTML
  scalar URL
  scalar UnsignedInt64

  schema {
    query: QueryRoot
    mutation: Mutation
  }

  type QueryRoot {
    shop: Shop!
    currentAppInstallation: AppInstallation!
    product(id: ID!): Product
    job(id: ID!): Job
  }

  type Mutation {
    productUpdate(product: ProductUpdateInput, media: [CreateMediaInput!]): ProductUpdatePayload
    stagedUploadsCreate(input: [StagedUploadInput!]!): StagedUploadsCreatePayload
    fileUpdate(files: [FileUpdateInput!]!): FileUpdatePayload
    productDeleteMedia(productId: ID!, mediaIds: [ID!]!): ProductDeleteMediaPayload
      @deprecated(reason: "Use \`fileUpdate\` instead.")
    productReorderMedia(id: ID!, moves: [MoveInput!]!): ProductReorderMediaPayload
  }

  type Shop {
    id: ID!
    name: String!
    myshopifyDomain: String!
  }

  type AppInstallation {
    id: ID!
    accessScopes: [AccessScope!]!
  }

  type AccessScope {
    handle: String!
    description: String!
  }

  type Job {
    id: ID!
    done: Boolean!
  }

  enum ProductStatus {
    ACTIVE
    ARCHIVED
    DRAFT
  }

  type SEO {
    title: String
    description: String
  }

  type Product {
    id: ID!
    title: String!
    handle: String!
    status: ProductStatus!
    description: String!
    descriptionHtml: HTML!
    tags: [String!]!
    vendor: String!
    productType: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    onlineStoreUrl: URL
    seo: SEO!
    media(first: Int, after: String, last: Int, before: String): MediaConnection!
  }

  enum MediaContentType {
    EXTERNAL_VIDEO
    IMAGE
    MODEL_3D
    VIDEO
  }

  enum MediaStatus {
    FAILED
    PROCESSING
    READY
    UPLOADED
  }

  enum FileStatus {
    FAILED
    PROCESSING
    READY
    UPLOADED
  }

  enum MediaErrorCode {
    IMAGE_DOWNLOAD_FAILURE
    IMAGE_PROCESSING_FAILURE
    UNKNOWN
  }

  type MediaError {
    code: MediaErrorCode!
    details: String
    message: String!
  }

  type Image {
    id: ID
    url: URL!
    width: Int
    height: Int
    altText: String
  }

  enum MediaPreviewImageStatus {
    FAILED
    PROCESSING
    READY
    UPLOADED
  }

  type MediaPreviewImage {
    image: Image
    status: MediaPreviewImageStatus!
  }

  interface Media {
    id: ID!
    alt: String
    mediaContentType: MediaContentType!
    mediaErrors: [MediaError!]!
    preview: MediaPreviewImage
    status: MediaStatus!
  }

  interface File {
    id: ID!
    alt: String
    createdAt: DateTime!
    updatedAt: DateTime!
    fileStatus: FileStatus!
    preview: MediaPreviewImage
  }

  type MediaImage implements Media & File {
    id: ID!
    alt: String
    mediaContentType: MediaContentType!
    mediaErrors: [MediaError!]!
    preview: MediaPreviewImage
    status: MediaStatus!
    createdAt: DateTime!
    updatedAt: DateTime!
    fileStatus: FileStatus!
    image: Image
    mimeType: String
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type MediaEdge {
    cursor: String!
    node: Media!
  }

  type MediaConnection {
    edges: [MediaEdge!]!
    nodes: [Media!]!
    pageInfo: PageInfo!
  }

  type UserError {
    field: [String!]
    message: String!
  }

  enum MediaUserErrorCode {
    BLANK
    INVALID
    MEDIA_DOES_NOT_EXIST
    MEDIA_DOES_NOT_EXIST_ON_PRODUCT
    PRODUCT_DOES_NOT_EXIST
  }

  type MediaUserError {
    code: MediaUserErrorCode
    field: [String!]
    message: String!
  }

  enum FilesErrorCode {
    FILE_DOES_NOT_EXIST
    INVALID
    NON_READY_STATE
  }

  type FilesUserError {
    code: FilesErrorCode
    field: [String!]
    message: String!
  }

  input SEOInput {
    title: String
    description: String
  }

  input ProductUpdateInput {
    id: ID
    title: String
    descriptionHtml: String
    handle: String
    seo: SEOInput
    tags: [String!]
    status: ProductStatus
    vendor: String
    productType: String
  }

  input CreateMediaInput {
    originalSource: String!
    mediaContentType: MediaContentType!
    alt: String
  }

  type ProductUpdatePayload {
    product: Product
    userErrors: [UserError!]!
  }

  enum StagedUploadHttpMethodType {
    POST
    PUT
  }

  enum StagedUploadTargetGenerateUploadResource {
    COLLECTION_IMAGE
    FILE
    IMAGE
    MODEL_3D
    PRODUCT_IMAGE
    SHOP_IMAGE
    VIDEO
  }

  input StagedUploadInput {
    resource: StagedUploadTargetGenerateUploadResource!
    filename: String!
    mimeType: String!
    httpMethod: StagedUploadHttpMethodType = PUT
    fileSize: UnsignedInt64
  }

  type StagedUploadParameter {
    name: String!
    value: String!
  }

  type StagedMediaUploadTarget {
    url: URL
    resourceUrl: URL
    parameters: [StagedUploadParameter!]!
  }

  type StagedUploadsCreatePayload {
    stagedTargets: [StagedMediaUploadTarget!]
    userErrors: [UserError!]!
  }

  input FileUpdateInput {
    id: ID!
    alt: String
    filename: String
    originalSource: String
    previewImageSource: String
    referencesToAdd: [ID!]
    referencesToRemove: [ID!]
  }

  type FileUpdatePayload {
    files: [File!]
    userErrors: [FilesUserError!]!
  }

  type ProductDeleteMediaPayload {
    deletedMediaIds: [ID!]
    deletedProductImageIds: [ID!]
    mediaUserErrors: [MediaUserError!]!
    product: Product
  }

  input MoveInput {
    id: ID!
    newPosition: UnsignedInt64!
  }

  type ProductReorderMediaPayload {
    job: Job
    mediaUserErrors: [MediaUserError!]!
  }
${orderSchemaSdl}
`);

// SDL gives scalars no behaviour. Shopify's schema describes UnsignedInt64 as "whole numeric values
// between 0 and 2^64 - 1 encoded as a string of base-10 digits": a number or a sign is refused.
Object.assign(shopifySchema.getType('UnsignedInt64') as GraphQLScalarType, {
  coerceInputValue(value: unknown): string {
    if (typeof value === 'string' && /^\d{1,20}$/.test(value) && BigInt(value) < 2n ** 64n) return value;
    throw new TypeError(`Could not coerce value ${JSON.stringify(value)} to UnsignedInt64`);
  },
});
